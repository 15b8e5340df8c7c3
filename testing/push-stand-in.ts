/**
 * A push service on this machine (FCM, Mozilla's autopush, Apple's each play this part): an HTTPS
 * server that takes Web Push requests as a real one does, checks their VAPID signature (RFC 8292),
 * and, holding the private keys of the devices the test made, decrypts each body (RFC 8291,
 * aes128gcm) to the payload the device would show. Its certificate is made per run and trusted by
 * its own `outbound`, or by a host started with `NODE_EXTRA_CA_CERTS` pointing at `caFile`. It listens
 * on 127.0.0.1, which pushes reach only as a host the operator named: `env` names it.
 */
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { guardedOutbound } from "../worker/outbound/guard";
import { nodeTransport } from "../worker/outbound/node-transport";

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromB64url = (text: string) => Buffer.from(text, "base64url");

/** A browser's subscription, with the private half that only the browser (here, the test) holds. */
export interface TestDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
}

/** A device's keys: a P-256 pair and a 16-byte secret, as a browser makes them when it subscribes. */
export function deviceKeys(endpoint: string, id = crypto.randomUUID()): TestDevice {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    id,
    subscription: { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) } },
    privateKey: ecdh.getPrivateKey(),
  };
}

/** RFC 8291 §3.4 and RFC 8188 §2: the receiving side, as a browser decrypts what its push service hands it. */
export function decryptPush(body: Buffer, device: TestDevice) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`the key id is ${keyIdLength} bytes, not a P-256 public key`);
  if (record.length > recordSize) throw new Error("the body is longer than one record");

  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const receiverPublic = fromB64url(device.subscription.keys.p256dh);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, fromB64url(device.subscription.keys.auth), keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zeroes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the record does not end with the last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The server key the token names (`k=`), which the signature was checked against. */
  publicKey: string;
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; throws unless the signature is the key's. */
export function verifyVapid(authorization: string | undefined): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const { alg, typ } = JSON.parse(fromB64url(header).toString()) as { alg: string; typ: string };
  if (alg !== "ES256" || typ !== "JWT") throw new Error(`a ${typ} signed with ${alg}, not a JWT with ES256`);
  const raw = fromB64url(k);
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    fromB64url(signature),
  );
  if (!signed) throw new Error("the VAPID signature is not the key's");
  return { ...(JSON.parse(fromB64url(claims).toString()) as Omit<VapidClaims, "publicKey">), publicKey: k };
}

export interface ReceivedPush {
  deviceId: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  vapid: VapidClaims;
  headers: IncomingMessage["headers"];
}

/** A certificate for 127.0.0.1, made for this run by Debian's openssl. */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), "crewboard-push-"));
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
      .concat(["-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1"])
      .concat(["-addext", "subjectAltName=IP:127.0.0.1"]),
    { stdio: "ignore" },
  );
  return { dir, key: readFileSync(key), cert: readFileSync(cert), certFile: cert };
}

export async function startPushStandIn() {
  const tls = certificate();
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  /** Requests it could not make sense of: a test that expects none checks this is empty. */
  const refused: string[] = [];

  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const deviceId = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const device = devices.get(deviceId);
      const status = answers.get(deviceId) ?? 201;
      try {
        if (!device) throw new Error(`no device ${deviceId}`);
        if (req.method !== "POST") throw new Error(`${req.method}, not POST`);
        if (req.headers["content-encoding"] !== "aes128gcm") {
          throw new Error(`Content-Encoding ${req.headers["content-encoding"]}, not aes128gcm`);
        }
        if (!req.headers.ttl) throw new Error("no TTL");
        const vapid = verifyVapid(req.headers.authorization);
        const payload: unknown = JSON.parse(decryptPush(Buffer.concat(chunks), device));
        received.push({ deviceId, payload, vapid, headers: req.headers });
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end((error as Error).message);
        return;
      }
      res.writeHead(status).end(status >= 400 ? "stand-in refusal" : "");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    origin,
    /** For NODE_EXTRA_CA_CERTS: a host process started with it trusts this server. */
    caFile: tls.certFile,
    received,
    refused,
    /** A new device subscribed at this push service (the browser's part of subscribing). */
    device() {
      const id = crypto.randomUUID();
      const device = deviceKeys(`${origin}/push/${id}`, id);
      devices.set(id, device);
      return device;
    },
    /** From now on the service answers pushes to this device with `status` (410: unsubscribed). */
    answer(device: TestDevice, status: number) {
      answers.set(device.id, status);
    },
    /** The configuration under which the app's pushes may reach this service. */
    env: { PUSH_ENDPOINT_HOSTS: "127.0.0.1" },
    /** The Node host's guarded way out, trusting this server's certificate. */
    outbound: guardedOutbound(nodeTransport({ ca: tls.cert })),
    async close() {
      server.closeAllConnections();
      server.close();
      rmSync(tls.dir, { recursive: true, force: true });
    },
  };
}

export type PushStandIn = Awaited<ReturnType<typeof startPushStandIn>>;
