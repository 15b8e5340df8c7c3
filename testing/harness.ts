import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../worker/routers";
import { createDb } from "../db/client";
import { createNodeDb, migrateLocal } from "../db/local";
import { createApp } from "../worker/app";
import type { ChatNotice, MemberNotice } from "../party/protocol";
import { readConfig, type EnvVars } from "../worker/config";
import { configuredMailer, type Mailer } from "../worker/mail/mailer";
import { generateVapidKeys } from "../worker/push/vapid";
import type { Rooms } from "../worker/rooms/rooms";
import { guardedOutbound, type Outbound } from "../worker/outbound/guard";
import { fsAvatarStore } from "../worker/storage/fs-avatar-store";
import { testBrowser } from "./browser";
import { TEST_PASSWORD_HASH_LOG2_N } from "./password-cost";

export const TEST_ORIGIN = "http://127.0.0.1:8787";

/** Push on: a fresh VAPID key pair, as `npm start` generates one. */
export async function vapidEnv() {
  const keys = await generateVapidKeys();
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: "mailto:ops@example.com",
  };
}

const offline = guardedOutbound(async (url) => {
  throw new Error(`tests make no requests off this machine (${url.host})`);
});

export type Notice =
  { room: "chat-room"; name: string; notice: ChatNotice } | { room: "member-room"; name: string; notice: MemberNotice };

/**
 * Rooms that only remember what they were told (the realtime tests use the real ones); the members
 * in `online` have a page open.
 */
function recordingRooms(notices: Notice[], online: Set<string>): Rooms {
  return {
    tellChat: async (name, notice) => void notices.push({ room: "chat-room", name, notice }),
    tellMember: async (name, notice) => void notices.push({ room: "member-room", name, notice }),
    memberOnline: async (name) => online.has(name),
    // As a room with no call going on answers; the realtime tests and calls.test.ts use real rooms.
    callChat: async (_name, command) =>
      command.type === "start"
        ? { status: "started", callId: command.callId }
        : command.type === "record"
          ? { status: "ended", record: null }
          : { status: "ok" },
  };
}

/**
 * A fresh database with the real migrations, and the real Hono app over it. Clients talk to it
 * through `app.request`, exactly as the SPA's tRPC client does over HTTP.
 */
export async function createTestApp(
  env: EnvVars = {},
  options: {
    rooms?: Rooms;
    /** Another mailer than the configuration's (SMTP, which only the Node host builds). */
    mailer?: Mailer;
    /** A database server (the libSQL stand-in) instead of a fresh file. */
    database?: { url: string; authToken: string };
    /**
     * The way out to members' addresses: by default one that connects nowhere, as tests reach nothing
     * off this machine; the push stand-in's trusts its certificate.
     */
    outbound?: Outbound;
  } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "crewboard-test-"));
  const databaseUrl = options.database?.url ?? `file:${join(dir, "app.db")}`;
  const db = options.database ? createDb(options.database) : createNodeDb({ url: databaseUrl });
  await migrateLocal(db);
  const config = readConfig({
    PARTY_SECRET: "test-party-secret",
    // A production configuration keeps the real cost, which is all it accepts.
    ...(env.NODE_ENV !== "production" && { PASSWORD_HASH_LOG2_N: TEST_PASSWORD_HASH_LOG2_N }),
    UNSUBSCRIBE_SECRET: "test-unsubscribe-secret",
    APP_URL: TEST_ORIGIN,
    ...env,
  });
  const mailer = options.mailer ?? configuredMailer(config);
  let clientIp = "203.0.113.1";
  const avatars = fsAvatarStore(join(dir, "avatars"));
  const attachments = fsAvatarStore(join(dir, "attachments"));
  const notices: Notice[] = [];
  const online = new Set<string>();
  const rooms = options.rooms ?? recordingRooms(notices, online);
  const deferred: Promise<unknown>[] = [];
  const defer = (work: Promise<unknown>) => void deferred.push(work);
  const { outbound = offline } = options;
  const app = createApp(() => ({ db, config, clientIp, avatars, attachments, rooms, mailer, defer, outbound }));

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
    mailer,
    avatars,
    attachments,
    browser,
    member,
    /** What the rooms were told so far (with the default recording rooms). */
    notices,
    /** Ids of the members whose pages are open, as their member rooms would say (the default rooms). */
    online,
    rooms,
    /** Waits for the work requests left running after their response (telling the rooms). */
    settle: () => Promise.all(deferred.splice(0)),
    /** Requests from now on appear to come from this address. */
    setClientIp: (ip: string) => void (clientIp = ip),
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type TestMember = Awaited<ReturnType<TestApp["member"]>>;

/** What a refusal told the client: the message a member would read, and its code and status. */
export function refusal(error: unknown) {
  if (!(error instanceof TRPCClientError)) throw new Error(`expected a tRPC error, got ${String(error)}`);
  const { data } = error as TRPCClientError<AppRouter>;
  return { message: error.message, code: data?.code, status: data?.httpStatus };
}

/** What a refused call told the client (see `refusal`). */
export async function rejection(promise: Promise<unknown>) {
  return refusal(
    await promise.then(
      () => null,
      (e: unknown) => e,
    ),
  );
}
