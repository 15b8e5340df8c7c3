/**
 * The one way out for requests to addresses a member influenced (push endpoints, link previews):
 * whoever gives the server an address must not be able to point it inward, at the server's own
 * machine or the network it sits in, and read the answer (or its status) back.
 *
 * Every request, and every redirect hop it follows, is checked here the same way on both hosts:
 * `https` only (plain `http` too for link previews, or to hosts the operator named), no credentials
 * in the address, no IP literal outside the public internet (`URL` has already turned decimal, hex
 * and octal IPv4 and IPv6-mapped forms into the ones `isPublicAddress` reads), no internal host name.
 * The host's transport then connects: on Node it resolves the name itself, refuses it if any address
 * it resolves to is not public, and connects to the address it checked (node-transport.ts); in the
 * Worker the platform refuses private addresses of its own (edge-transport.ts). Each answer has a
 * time limit and a size limit.
 */
import { isIpAddress, isPublicAddress } from "./addresses";

/** A request the guard will not make, or an answer it will not read; never worth trying again. */
export class OutboundRefused extends Error {
  override name = "OutboundRefused";
}

/**
 * Names that only mean something inside a network (RFC 6761's localhost, mDNS's .local, the cloud
 * providers' .internal, and the suffixes intranets commonly use).
 */
const INTERNAL_SUFFIXES = ["localhost", "local", "localdomain", "internal", "intranet", "lan", "home.arpa", "corp"];

/** The host as rules compare it: lower case, as `URL` gives it, and without a trailing dot. */
export const hostOf = (url: URL) => url.hostname.replace(/\.$/, "");

/** `host` is one of `patterns`: a host name, or `*.domain` for any name under that domain. */
export const hostIn = (host: string, patterns: readonly string[]) =>
  patterns.some((pattern) => (pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern));

export interface Destination {
  url: URL;
  /** A host the operator named: reached over plain http too, and at whatever address it has. */
  trusted: boolean;
}

/**
 * Where a request would go, once it passes every check that needs no resolver; else OutboundRefused.
 * `plainHttp` lets plain `http` reach public hosts too (link previews: much of the web still serves it).
 */
export function checkDestination(
  address: string | URL,
  trustedHosts: readonly string[],
  plainHttp = false,
): Destination {
  if (!URL.canParse(address)) throw new OutboundRefused("not a URL");
  const url = new URL(address);
  const host = hostOf(url);
  const trusted = hostIn(host, trustedHosts);
  if (url.username || url.password) throw new OutboundRefused(`${url.origin} carries credentials`);
  if (url.protocol !== "https:" && !((trusted || plainHttp) && url.protocol === "http:")) {
    throw new OutboundRefused(`${url.protocol} is not https:`);
  }
  if (trusted) return { url, trusted };
  if (isIpAddress(host)) {
    if (!isPublicAddress(host)) throw new OutboundRefused(`${host} is not a public address`);
  } else if (
    !host.includes(".") ||
    hostIn(
      host,
      INTERNAL_SUFFIXES.flatMap((s) => [s, `*.${s}`]),
    )
  ) {
    throw new OutboundRefused(`${host} is an internal name`);
  }
  return { url, trusted };
}

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array<ArrayBuffer> | string;
}

export interface OutboundRules {
  /** Hosts the operator named for this kind of request (`PUSH_ENDPOINT_HOSTS`): see `Destination.trusted`. */
  trustedHosts: readonly string[];
  /** Redirects followed, each hop checked as the first was (as a GET); at 0 a redirect is the answer. */
  maxRedirects: number;
  /** For the whole request, redirects and the answer's body included. */
  timeoutMs: number;
  /** The longest body read; a longer one is refused. */
  maxBytes: number;
  /** Plain `http` to public hosts as well as `https` (see `checkDestination`). */
  plainHttp?: boolean;
}

export interface TransportInit extends OutboundInit {
  signal: AbortSignal;
  /** Every address the host resolves to must be public (false for the operator's own hosts). */
  publicOnly: boolean;
}

/** One request to a checked URL, as the host makes it: never following a redirect. */
export type Transport = (url: URL, init: TransportInit) => Promise<Response>;

/** A guarded request: throws OutboundRefused when refused, and what the transport throws when it fails. */
export type Outbound = (address: string, init: OutboundInit, rules: OutboundRules) => Promise<Response>;

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);
const hasNoBody = (status: number) => [204, 205, 304].includes(status);

/** The answer with its whole body in memory, read only as far as `maxBytes`. */
async function readWithin(response: Response, maxBytes: number) {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  const tooLarge = () => new OutboundRefused(`the answer is larger than ${maxBytes} bytes`);
  if (Number(response.headers.get("content-length")) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body || hasNoBody(response.status)) return new Response(null, init);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    length += read.value.length;
    if (length > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  const body = new Uint8Array(length);
  chunks.reduce((at, chunk) => (body.set(chunk, at), at + chunk.length), 0);
  return new Response(body, init);
}

export function guardedOutbound(transport: Transport): Outbound {
  return async (address, init, rules) => {
    const signal = AbortSignal.timeout(rules.timeoutMs);
    let destination = checkDestination(address, rules.trustedHosts, rules.plainHttp);
    let request = init;
    for (let hops = 0; ; hops++) {
      const response = await transport(destination.url, { ...request, signal, publicOnly: !destination.trusted });
      const location = response.headers.get("location");
      if (!isRedirect(response.status) || location === null || hops === rules.maxRedirects) {
        return readWithin(response, rules.maxBytes);
      }
      await response.body?.cancel();
      if (!URL.canParse(location, destination.url)) throw new OutboundRefused("a redirect to no URL");
      destination = checkDestination(new URL(location, destination.url), rules.trustedHosts, rules.plainHttp);
      request = { method: "GET", headers: init.headers };
    }
  };
}
