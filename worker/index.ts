/** The Cloudflare Workers host. Static assets are served by Workers Static Assets before this runs. */
import { createDb, type Db } from "../db/client";
import { createApp } from "./app";
import { readConfig, type Config, type EnvVars } from "./config";
import type { AvatarStore } from "./storage/avatar-store";
import { r2AvatarStore, type R2BucketLike } from "./storage/r2-avatar-store";

/** Long-lived clients per isolate, rebuilt only if the bindings object changes. */
const perBindings = new WeakMap<object, { db: Db; config: Config; avatars: AvatarStore }>();

function servicesFor(env: EnvVars) {
  let services = perBindings.get(env);
  if (!services) {
    if (!env.LIBSQL_URL) throw new Error("LIBSQL_URL is not set");
    // Vars and secrets are strings; the avatar bucket is the one object binding.
    const bucket = (env as { AVATARS?: R2BucketLike }).AVATARS;
    if (!bucket) throw new Error("the AVATARS R2 binding is missing");
    services = {
      db: createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }),
      config: readConfig(env),
      avatars: r2AvatarStore(bucket),
    };
    perBindings.set(env, services);
  }
  return services;
}

export default createApp((c) => ({
  ...servicesFor(c.env as EnvVars),
  clientIp: c.req.header("CF-Connecting-IP") ?? "unknown",
}));
