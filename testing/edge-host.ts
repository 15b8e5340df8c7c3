/**
 * The production Worker (wrangler.toml: API, chat rooms as Durable Objects, R2 avatars, static
 * assets) in workerd through wrangler's dev server, over a libSQL HTTP stand-in
 * migrated the way a deploy migrates Turso (`drizzle-kit migrate`). Offline, on free ports and
 * throwaway state. Started through wrangler's API, as party/local.ts does, so no inspector port is
 * opened.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { unstable_startWorker } from "wrangler";
import { PRERENDERED_PAGES } from "../worker/http/prerendered";
import { staticAssetHeadersFile } from "../worker/http/security-headers";
import { freePort } from "./free-port";
import { ROOT } from "./host";
import { startLibsqlServer, type LibsqlServer } from "./libsql-server";

/** The page the placeholder SPA build serves, so tests can tell the SPA fallback answered. */
export const EDGE_PAGE_TITLE = "Crewboard edge check";
/** The placeholder build's pre-rendered pages (PRERENDERED_PAGES), each titled by its path. */
export const edgePrerenderedTitle = (path: string) => `Pre-rendered ${path}`;

export interface EdgeHost {
  url: string;
  database: LibsqlServer;
  stop(): Promise<void>;
}

/** Applies the committed migrations as `npm run deploy` does to Turso: drizzle-kit over HTTP. */
async function migrate(database: LibsqlServer) {
  await promisify(execFile)(join(ROOT, "node_modules/.bin/drizzle-kit"), ["migrate"], {
    cwd: ROOT,
    env: { ...process.env, LIBSQL_URL: database.url, LIBSQL_AUTH_TOKEN: database.authToken },
  });
}

/** `vars` are the Worker's vars and secrets beyond the database, the rooms' secret and APP_URL. */
export async function startEdgeHost(vars: Record<string, string> = {}): Promise<EdgeHost> {
  const work = await mkdtemp(join(tmpdir(), "crewboard-edge-"));
  // A stand-in for the SPA build (dist/), so the check depends on the Worker alone.
  const assets = join(work, "assets");
  await mkdir(assets);
  await writeFile(join(assets, "index.html"), `<!doctype html><title>${EDGE_PAGE_TITLE}</title>\n`);
  for (const { path, file } of PRERENDERED_PAGES) {
    await mkdir(dirname(join(assets, file)), { recursive: true });
    await writeFile(join(assets, file), `<!doctype html><title>${edgePrerenderedTitle(path)}</title>\n`);
  }
  // What `vite build` writes beside the pages: Workers Static Assets applies it before the Worker runs.
  await writeFile(join(assets, "_headers"), staticAssetHeadersFile(null));

  const database = await startLibsqlServer(join(work, "app.db"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  try {
    await migrate(database);
    const plain = (value: string) => ({ type: "plain_text" as const, value });
    const secret = (value: string) => ({ type: "secret_text" as const, value });
    const worker = await unstable_startWorker({
      config: join(ROOT, "wrangler.toml"),
      // No .env or .dev.vars file is read: the bindings below are the whole configuration.
      envFiles: [],
      assets,
      bindings: {
        APP_URL: plain(url),
        LIBSQL_URL: secret(database.url),
        LIBSQL_AUTH_TOKEN: secret(database.authToken),
        PARTY_SECRET: secret("edge-check-party-secret"),
        UNSUBSCRIBE_SECRET: secret("edge-check-unsubscribe-secret"),
        ...Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, secret(value)])),
      },
      build: {
        // What `wrangler dev` and `wrangler deploy` derive from the nodejs_compat flag (with our
        // compatibility date) for bundling; through the API it must be said.
        nodejsCompatMode: "v2",
        // As a deploy bundles it, rather than with the caller's NODE_ENV (vitest's "test").
        define: Object.fromEntries(
          ["process.env", "global.process.env", "globalThis.process.env"].map((p) => [`${p}.NODE_ENV`, '"production"']),
        ),
      },
      sendMetrics: false,
      dev: {
        remote: false,
        inspector: false,
        watch: false,
        persist: false,
        server: { hostname: "127.0.0.1", port },
        logLevel: "warn",
        // wrangler's local Cron Trigger: a request to /__scheduled runs the Worker's scheduled().
        testScheduled: true,
      },
    });
    await worker.ready;
    return {
      url,
      database,
      async stop() {
        await worker.dispose();
        await database.close();
        await rm(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
