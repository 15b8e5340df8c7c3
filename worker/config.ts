/**
 * Everything the app reads from its environment, parsed once per host. Locally `worker/local.ts`
 * fills the gaps with generated secrets; at the edge the values come from wrangler vars and secrets.
 * `.env.example` documents each variable.
 */
import { readVapid, type VapidKeys } from "./push/vapid";
import { PASSWORD_HASH_LOG2_N } from "./auth/password";

export interface Config {
  /**
   * Public origin of the app: e-mailed links and OAuth redirects are built from it alone, never
   * from a request's Host header, which whoever sends the request chooses.
   */
  appUrl: string;
  /** Shared by the API and the chat rooms: signs socket tickets and authorises notices. */
  partySecret: string;
  /** Signs the unsubscribe links of e-mail digests, so a link opens without signing in and only as sent. */
  unsubscribeSecret: string;
  /** host[:port] of the chat rooms as browsers reach them; null when the app's own host serves them. */
  partyHost: string | null;
  google: GoogleConfig | null;
  /** Null without `STRIPE_SECRET_KEY` (the local default): payments then say they are not configured. */
  stripe: StripeConfig | null;
  rateLimits: RateLimits;
  mail: MailConfig;
  /**
   * `ADMIN_EMAILS`, lower-cased: the addresses whose members, once the address is verified, run the
   * moderation desk. There is no other way to become an administrator.
   */
  adminEmails: string[];
  /** Web Push's VAPID keys; null without them (push is off, and Settings says so). */
  push: VapidKeys | null;
  /**
   * `PUSH_ENDPOINT_HOSTS`: hosts pushes may go to beside the known push services (`*.domain` for a
   * whole domain), trusted as the operator's own: over plain http too, and at any address.
   */
  pushEndpointHosts: string[];
  previews: PreviewsConfig;
  calls: CallsConfig;
  /** scrypt's cost for new password hashes (`PASSWORD_HASH_LOG2_N`). */
  passwordHashN: number;
  /** The Worker, or Node with NODE_ENV=production: no local conveniences (the mailbox page). */
  production: boolean;
}

/**
 * How e-mail leaves the server. With no transport (the local default) it goes to the server log and
 * stays in the outbox table. At the edge a `send_email` binding named EMAIL comes first, which no
 * variable can say, so the Worker checks it itself (worker/index.ts).
 */
export interface MailConfig {
  /** The sender every transport uses (`Crewboard <mail@crewboard.example.com>`); required with any of them. */
  from: string | null;
  resend: ResendConfig | null;
  /** `smtp://user:pass@host:587`: the Node host only (worker/local-server.ts). */
  smtpUrl: string | null;
}

/**
 * Where calls find their way between browsers. On one machine none is needed (the browsers' own
 * addresses connect); across networks a STUN server finds each side's public address, and a TURN
 * server relays when no direct path exists.
 */
export interface CallsConfig {
  /** `ICE_SERVER_URLS`: the STUN ones as they are, the TURN ones with `ICE_USERNAME` / `ICE_CREDENTIAL`. */
  iceServers: IceServer[];
  /** Cloudflare's TURN service, which mints short-lived credentials per call; null without a key. */
  turn: TurnConfig | null;
}

/** Where link previews come from (worker/previews/). */
export interface PreviewsConfig {
  /**
   * `LINK_PREVIEW_HOSTS`: hosts trusted as the operator's own, reached at any address (tests name
   * their stand-in site here); every other host must be public.
   */
  trustedHosts: string[];
  /** `GITHUB_API_URL`: GitHub's REST API, or (in tests) a local stand-in that speaks it. */
  githubApiUrl: string;
  /** `GITHUB_TOKEN`: optional; with it GitHub allows far more requests an hour. */
  githubToken: string | null;
}

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

export interface TurnConfig {
  keyId: string;
  apiToken: string;
  /** Cloudflare's Realtime API, or (in tests) a local stand-in that speaks it. */
  apiUrl: string;
}

export interface ResendConfig {
  apiKey: string;
  /** Resend's API, or a service that speaks it (and, in tests, a local stand-in). */
  apiUrl: string;
}

export interface StripeConfig {
  secretKey: string;
  /** Verifies the signatures of the events Stripe posts to the webhook. */
  webhookSecret: string;
  /** Another API origin than Stripe's own: only tests set it, to reach a local stand-in. */
  apiUrl: string | null;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

export interface RateLimits {
  signInFailuresPerEmail: number;
  signInFailuresPerIp: number;
  signUpsPerIp: number;
  passwordResetsPerEmail: number;
  passwordResetsPerIp: number;
}

export type EnvVars = Record<string, string | undefined>;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Session cookies are Secure everywhere but on this machine, which serves plain http. */
export const secureCookies = (appUrl: string) => !LOCAL_HOSTS.has(new URL(appUrl).hostname);

const GOOGLE_AUTHORIZATION_ENDPOINT = "https://accounts.google.com/o/oauth2/v2/auth";
const GOOGLE_TOKEN_ENDPOINT = "https://oauth2.googleapis.com/token";

function readStripe(env: EnvVars): StripeConfig | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  // Half a configuration would take money without ever granting Pro.
  if (!env.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not");
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL || null,
  };
}

const RESEND_API_URL = "https://api.resend.com";

function readMail(env: EnvVars): MailConfig {
  const from = env.MAIL_FROM || null;
  // A transport without a sender would fail every e-mail, long after the operator looked.
  if (!from && (env.RESEND_API_KEY || env.SMTP_URL)) {
    throw new Error("MAIL_FROM is not set: e-mail needs a sender address");
  }
  return {
    from,
    resend: env.RESEND_API_KEY ? { apiKey: env.RESEND_API_KEY, apiUrl: env.RESEND_API_URL || RESEND_API_URL } : null,
    smtpUrl: env.SMTP_URL || null,
  };
}

const TURN_API_URL = "https://rtc.live.cloudflare.com/v1";
const ICE_URL = /^(stun|turns?):/;

function readCalls(env: EnvVars): CallsConfig {
  const urls = (env.ICE_SERVER_URLS ?? "").split(/[\s,]+/).filter(Boolean);
  const wrong = urls.find((url) => !ICE_URL.test(url));
  if (wrong) throw new Error(`ICE_SERVER_URLS takes stun:, turn: and turns: URLs, not ${wrong}`);
  const stun = urls.filter((url) => url.startsWith("stun:"));
  const turn = urls.filter((url) => !url.startsWith("stun:"));
  // A TURN server refuses every allocation without credentials: better said at start than per call.
  if (turn.length && !(env.ICE_USERNAME && env.ICE_CREDENTIAL)) {
    throw new Error("ICE_SERVER_URLS names a TURN server but ICE_USERNAME and ICE_CREDENTIAL are not set");
  }
  if (Boolean(env.TURN_KEY_ID) !== Boolean(env.TURN_KEY_API_TOKEN)) {
    throw new Error("TURN_KEY_ID and TURN_KEY_API_TOKEN go together: set both or neither");
  }
  return {
    iceServers: [
      ...(stun.length ? [{ urls: stun }] : []),
      ...(turn.length ? [{ urls: turn, username: env.ICE_USERNAME, credential: env.ICE_CREDENTIAL }] : []),
    ],
    turn:
      env.TURN_KEY_ID && env.TURN_KEY_API_TOKEN
        ? { keyId: env.TURN_KEY_ID, apiToken: env.TURN_KEY_API_TOKEN, apiUrl: env.TURN_API_URL || TURN_API_URL }
        : null,
  };
}

/** A list of hosts (`PUSH_ENDPOINT_HOSTS`, `LINK_PREVIEW_HOSTS`), each as a URL writes it (lower case, IPv6 bracketed). */
function readHosts(env: EnvVars, name: string) {
  const hosts = (env[name] ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((host) => host.toLowerCase().replace(/\.$/, ""));
  const wrong = hosts.find((host) => {
    const named = host.replace(/^\*\./, "wildcard.");
    const hostLike = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(named);
    return !hostLike || !URL.canParse(`https://${named}`) || new URL(`https://${named}`).hostname !== named;
  });
  if (wrong !== undefined) {
    throw new Error(`${name} takes host names (push.example.com, *.example.com), not ${wrong}`);
  }
  return hosts;
}

const GITHUB_API_URL = "https://api.github.com";

function readPreviews(env: EnvVars): PreviewsConfig {
  const githubApiUrl = env.GITHUB_API_URL || GITHUB_API_URL;
  if (!URL.canParse(githubApiUrl)) throw new Error(`GITHUB_API_URL must be a URL, not ${githubApiUrl}`);
  return {
    trustedHosts: readHosts(env, "LINK_PREVIEW_HOSTS"),
    githubApiUrl: githubApiUrl.replace(/\/+$/, ""),
    githubToken: env.GITHUB_TOKEN || null,
  };
}

function positiveInt(value: string | undefined, fallback: number) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * `APP_URL`, or the Node host's own listening address (HOST and PORT, which only it sets). A
 * production host has no listening address worth mailing, so there APP_URL is required.
 */
function appUrlOf(env: EnvVars): string {
  const configured =
    env.APP_URL || (env.NODE_ENV !== "production" && env.HOST && env.PORT && `http://${env.HOST}:${env.PORT}`);
  if (!configured) throw new Error("APP_URL is not set: e-mailed links need the app's public origin");
  if (!URL.canParse(configured) || !/^https?:$/.test(new URL(configured).protocol)) {
    throw new Error(`APP_URL must be an http(s) origin, not ${configured}`);
  }
  return new URL(configured).origin;
}

export function readConfig(env: EnvVars): Config {
  if (!env.PARTY_SECRET) throw new Error("PARTY_SECRET is not set");
  const appUrl = appUrlOf(env);
  if (!env.UNSUBSCRIBE_SECRET) throw new Error("UNSUBSCRIBE_SECRET is not set");
  return {
    appUrl,
    partySecret: env.PARTY_SECRET,
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET,
    partyHost: env.PARTY_HOST || null,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authorizationEndpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT || GOOGLE_AUTHORIZATION_ENDPOINT,
            tokenEndpoint: env.GOOGLE_TOKEN_ENDPOINT || GOOGLE_TOKEN_ENDPOINT,
          }
        : null,
    stripe: readStripe(env),
    rateLimits: {
      signInFailuresPerEmail: positiveInt(env.RATE_LIMIT_SIGNIN_PER_EMAIL, 5),
      signInFailuresPerIp: positiveInt(env.RATE_LIMIT_SIGNIN_PER_IP, 30),
      signUpsPerIp: positiveInt(env.RATE_LIMIT_SIGNUP_PER_IP, 10),
      passwordResetsPerEmail: positiveInt(env.RATE_LIMIT_RESET_PER_EMAIL, 3),
      passwordResetsPerIp: positiveInt(env.RATE_LIMIT_RESET_PER_IP, 20),
    },
    mail: readMail(env),
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    push: readVapid(env, appUrl),
    pushEndpointHosts: readHosts(env, "PUSH_ENDPOINT_HOSTS"),
    previews: readPreviews(env),
    calls: readCalls(env),
    passwordHashN: readPasswordHashN(env),
    production: env.NODE_ENV === "production",
  };
}

/**
 * scrypt's N as a power of two: OWASP's 14 unless set. Test hosts lower it, since thousands of
 * sign-ups at the real cost would be most of a test run's CPU; a production host refuses that.
 */
function readPasswordHashN(env: EnvVars) {
  const log2N = positiveInt(env.PASSWORD_HASH_LOG2_N, PASSWORD_HASH_LOG2_N);
  if (log2N > 20) throw new Error(`PASSWORD_HASH_LOG2_N ${log2N} would take over 1 GiB a hash`);
  if (env.NODE_ENV === "production" && log2N < PASSWORD_HASH_LOG2_N) {
    throw new Error(`PASSWORD_HASH_LOG2_N must be at least ${PASSWORD_HASH_LOG2_N} in production`);
  }
  return 2 ** log2N;
}
