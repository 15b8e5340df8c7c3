/**
 * Local stand-ins for the places e-mail goes, for tests: mail providers cannot be reached from here.
 * One speaks Resend's HTTP API (POST /emails, API key and Idempotency-Key checked, a repeated key
 * answered without a second delivery), the other SMTP (the `smtp-server` package, with STARTTLS
 * and a login). Both keep what they received, so a test reads a member's e-mail as the member would.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { linkIn } from "./outbox";

export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The headers it came with besides the transport's own, names lower-cased (List-Unsubscribe, for one). */
  headers: Record<string, string>;
  /** Resend: the Idempotency-Key it came with. */
  idempotencyKey?: string;
  /** SMTP: whether the session was upgraded with STARTTLS before the message. */
  secure?: boolean;
}

/** What both stand-ins offer a test. */
export interface MailStandIn {
  /** E-mails delivered, each once, in order. */
  received: ReceivedEmail[];
  /** The configuration that points the app at this stand-in. */
  env: Record<string, string>;
  /** The link to `path` in the newest e-mail to this address carrying one, waiting for it to arrive. */
  latestLink(email: string, path: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export const MAIL_FROM = "Crewboard <mail@crewboard.test>";

async function waitForLink(received: ReceivedEmail[], email: string, path: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = received
      .filter((mail) => mail.to === email.toLowerCase())
      .map((mail) => linkIn(mail.text, path))
      .findLast(Boolean);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no e-mail for ${email} with a link to ${path} reached the stand-in`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

export const TEST_RESEND_API_KEY = "re_stand_in";

/** How the Resend stand-in answers the next requests; `ok` unless a test says otherwise. */
export type ResendBehaviour = "ok" | "fail" | "hang";

export async function startResendStandIn() {
  const received: ReceivedEmail[] = [];
  const byKey = new Map<string, string>();
  /** Every request that reached the API, accepted or not. */
  let requests = 0;
  /** Requests that repeated a key already accepted: answered, not delivered again. */
  let replays = 0;
  let behaviour: ResendBehaviour = "ok";
  let failuresLeft = 0;
  let delayMs = 0;
  const hanging = new Set<ServerResponse>();

  const send = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (request.method !== "POST" || request.url !== "/emails") {
        return send(response, 404, { statusCode: 404, name: "not_found", message: "Not found" });
      }
      requests++;
      if (request.headers.authorization !== `Bearer ${TEST_RESEND_API_KEY}`) {
        return send(response, 401, { statusCode: 401, name: "validation_error", message: "API key is invalid" });
      }
      const key = request.headers["idempotency-key"];
      if (typeof key !== "string" || !key || key.length > 256) {
        return send(response, 400, { statusCode: 400, name: "invalid_idempotency_key", message: "Bad key" });
      }
      if (behaviour === "hang") return void hanging.add(response);
      if (failuresLeft > 0 || behaviour === "fail") {
        failuresLeft = Math.max(0, failuresLeft - 1);
        return send(response, 500, { statusCode: 500, name: "internal_server_error", message: "Stand-in failure" });
      }
      if (delayMs) await new Promise((done) => setTimeout(done, delayMs));
      const known = byKey.get(key);
      if (known) {
        replays++;
        return send(response, 200, { id: known });
      }
      const email = JSON.parse(body) as {
        from: string;
        to: string[];
        subject: string;
        text: string;
        html?: string;
        headers?: Record<string, string>;
      };
      if (!email.from) return send(response, 422, { statusCode: 422, name: "validation_error", message: "from" });
      const id = crypto.randomUUID();
      byKey.set(key, id);
      for (const to of email.to) {
        received.push({
          to,
          subject: email.subject,
          text: email.text,
          html: email.html ?? null,
          headers: lowerCased(email.headers ?? {}),
          idempotencyKey: key,
        });
      }
      send(response, 200, { id });
    })();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: MailStandIn = {
    received,
    env: { RESEND_API_KEY: TEST_RESEND_API_KEY, RESEND_API_URL: url, MAIL_FROM },
    latestLink: (email, path, timeoutMs = 10_000) => waitForLink(received, email, path, timeoutMs),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
  return {
    ...standIn,
    url,
    requests: () => requests,
    replays: () => replays,
    /** From now on: accept, refuse every request with a 500, or never answer. */
    behave(next: ResendBehaviour) {
      behaviour = next;
    },
    /** The next `count` requests are refused with a 500, then the API accepts again. */
    failNext(count: number) {
      failuresLeft = count;
    },
    /** Each accepted e-mail is answered this much later, as a real API over the Internet would be. */
    delay(ms: number) {
      delayMs = ms;
    },
  };
}

export type ResendStandIn = Awaited<ReturnType<typeof startResendStandIn>>;

/** A MIME entity's headers (lower-cased names) and its body. */
function parseEntity(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers = new Map(
    head.split("\r\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { headers, body: raw.slice(split + 4) };
}

function decodeBody(body: string, encoding = "7bit") {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  }
  return body;
}

/** The text and HTML parts of a message as nodemailer writes them (single part, or multipart/alternative). */
function partsOf(raw: string) {
  const parts: Record<string, string> = {};
  const visit = (entity: string) => {
    const { headers, body } = parseEntity(entity);
    const type = headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1, -1)) visit(part.replace(/^\r\n/, ""));
      return;
    }
    parts[/text\/html/i.test(type) ? "html" : "text"] = decodeBody(body, headers.get("content-transfer-encoding"));
  };
  visit(raw);
  return { headers: parseEntity(raw).headers, text: parts.text ?? "", html: parts.html ?? null };
}

export const SMTP_USER = "crewboard";
export const SMTP_PASSWORD = "stand-in-password";

export async function startSmtpStandIn() {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    // STARTTLS is offered with the package's own self-signed certificate; a login is required once secured.
    logger: false,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, done) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return done(null, { user: auth.username });
      done(new Error("Invalid username or password"));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { headers, text, html } = partsOf(Buffer.concat(chunks).toString("utf8"));
        for (const to of session.envelope.rcptTo) {
          received.push({
            to: to.address,
            subject: headers.get("subject") ?? "",
            text,
            html,
            headers: Object.fromEntries(headers),
            secure: session.secure,
          });
        }
        done();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  // The stand-in's certificate is self-signed: this client trusts it, as a real one trusts a real one.
  const url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}?tls.rejectUnauthorized=false`;

  return {
    url,
    received,
    env: { SMTP_URL: url, MAIL_FROM },
    latestLink: (email: string, path: string, timeoutMs = 10_000) => waitForLink(received, email, path, timeoutMs),
    close: () => new Promise<void>((done) => server.close(() => done())),
  } satisfies MailStandIn & { url: string };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
