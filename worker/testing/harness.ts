import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { createDb } from "../../db/client";
import { migrateLocal } from "../../db/local";
import { createApp } from "../app";
import { readConfig, type EnvVars } from "../config";
import { fsAvatarStore } from "../storage/fs-avatar-store";
import { testBrowser } from "./browser";

export const TEST_ORIGIN = "http://127.0.0.1:8787";

/**
 * A fresh database with the real migrations, and the real Hono app over it. Clients talk to it
 * through `app.request`, exactly as the SPA's tRPC client does over HTTP.
 */
export async function createTestApp(env: EnvVars = {}) {
  const dir = mkdtempSync(join(tmpdir(), "crewboard-test-"));
  const databaseUrl = `file:${join(dir, "app.db")}`;
  const db = createDb({ url: databaseUrl });
  await migrateLocal(db);
  const config = readConfig({ PARTY_SECRET: "test-party-secret", APP_URL: TEST_ORIGIN, ...env });
  let clientIp = "203.0.113.1";
  const avatars = fsAvatarStore(join(dir, "avatars"));
  const app = createApp(() => ({ db, config, clientIp, avatars }));

  const browser = () => testBrowser(TEST_ORIGIN, (url, init) => app.request(url, init));

  /** A browser with a freshly signed-up member in it. */
  async function member(name = "Ada Lovelace", email = `${crypto.randomUUID().slice(0, 8)}@example.com`) {
    const b = browser();
    const me = await b.trpc.auth.signUp.mutate({ displayName: name, email, password: "correct horse" });
    return { ...b, me, email, password: "correct horse" };
  }

  return {
    app,
    db,
    /** For a second connection to the same file, as another serving process would open it. */
    databaseUrl,
    config,
    avatars,
    browser,
    member,
    /** Requests from now on appear to come from this address. */
    setClientIp: (ip: string) => void (clientIp = ip),
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type TestMember = Awaited<ReturnType<TestApp["member"]>>;

/** What a refused call told the client: the message a member would read, and its code and status. */
export async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCClientError)) throw new Error(`expected a tRPC error, got ${String(error)}`);
  return { message: error.message, code: error.data?.code as string, status: error.data?.httpStatus as number };
}
