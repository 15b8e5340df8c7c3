import type { Session, User } from "lucia";
import type { Db } from "../db/client";
import type { Device } from "./auth/device";
import type { Claim } from "./auth/session";
import type { Auth } from "./auth/lucia";
import type { Config } from "./config";
import type { Mailer } from "./mail/mailer";
import type { Outbound } from "./outbound/guard";
import type { Rooms } from "./rooms/rooms";
import type { AvatarStore } from "./storage/avatar-store";

/** What each host hands the app for a request. */
export interface Services {
  db: Db;
  config: Config;
  clientIp: string;
  avatars: AvatarStore;
  /** Files attached to chat messages, in a store of their own (R2 bucket ATTACHMENTS, or DATA_DIR/attachments). */
  attachments: AvatarStore;
  rooms: Rooms;
  /** How the outbox's e-mails leave: chosen by the host from its configuration and bindings. */
  mailer: Mailer;
  /** Keeps work going after the response is sent (the Worker's waitUntil). */
  defer: (work: Promise<unknown>) => void;
  /** The one way out to addresses members gave (outbound/guard.ts), over the host's own transport. */
  outbound: Outbound;
}

export interface SignedIn {
  user: User;
  session: Session;
}

/** What the app knows of a request once the session middleware has run; tRPC's context extends it. */
export interface RequestVars extends Services {
  auth: Auth;
  /** The member, once the database has checked the session cookie; null when signed out. */
  signedIn: Promise<SignedIn | null>;
  /** Who the cookie says the member is, before that check has answered (worker/trpc.ts says who may act on it). */
  claim: Claim | null;
  /** Origin used in links the app sends out (e-mails, OAuth redirects). */
  appUrl: string;
  /** The browser and, at the edge, its place: what a session started by this request records. */
  device: Device;
}

export type AppEnv = { Variables: RequestVars };
