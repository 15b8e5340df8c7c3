/** The Cloudflare Workers host. Static assets are served by Workers Static Assets before this runs. */
import { createDb, type Db } from "../db/client";
import { createApp } from "./app";
import { readConfig, type Config, type EnvVars } from "./config";

/** Long-lived clients per isolate, rebuilt only if the bindings object changes. */
const perBindings = new WeakMap<object, { db: Db; config: Config }>();

function servicesFor(env: EnvVars) {
  let services = perBindings.get(env);
  if (!services) {
    if (!env.LIBSQL_URL) throw new Error("LIBSQL_URL is not set");
    services = {
      db: createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }),
      config: readConfig(env),
    };
    perBindings.set(env, services);
  }
  return services;
}

export default createApp((c) => ({
  ...servicesFor(c.env as EnvVars),
  clientIp: c.req.header("CF-Connecting-IP") ?? "unknown",
}));
