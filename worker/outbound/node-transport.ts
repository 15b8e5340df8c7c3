/**
 * The guard's transport on the Node host. The name is resolved once, by the connection's own
 * lookup: every address it resolves to is checked, and the socket connects to the address that was
 * checked, so no second lookup (a name re-bound to 127.0.0.1 in between) can send it elsewhere.
 * Pooled connections are kept per kind of check, so a connection opened to an operator's host is
 * never reused for a member's address.
 */
import { lookup as systemLookup } from "node:dns/promises";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { isPublicAddress } from "./addresses";
import { OutboundRefused, type Transport } from "./guard";

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Every address a name has; tests answer for names of their own. */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

const resolveWithSystem: Resolve = (host) => systemLookup(host, { all: true, verbatim: true });

/** A connection's lookup that hands out only addresses it checked (all public, unless `publicOnly` is off). */
function checkedLookup(resolve: Resolve, publicOnly: boolean): LookupFunction {
  return (host, options, callback) => {
    const checked = async () => {
      const addresses = await resolve(host);
      const inside = publicOnly && addresses.find((a) => !isPublicAddress(a.address));
      if (inside) throw new OutboundRefused(`${host} resolves to ${inside.address}, which is not a public address`);
      const usable = addresses.filter((a) => !options.family || a.family === options.family);
      if (!usable.length) throw new OutboundRefused(`${host} has no address`);
      return usable;
    };
    checked().then(
      (usable) => (options.all ? callback(null, usable) : callback(null, usable[0]!.address, usable[0]!.family)),
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

const headersOf = (response: IncomingMessage) =>
  new Headers(
    Object.entries(response.headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value ?? ""]).map((v): [string, string] => [name, v]),
    ),
  );

export interface NodeTransportOptions {
  /** Tests only: answers for names instead of the system's resolver. */
  resolve?: Resolve;
  /** Tests only: the certificate of a local stand-in, trusted beside nothing else. */
  ca?: string | Buffer;
}

export function nodeTransport(options: NodeTransportOptions = {}): Transport {
  const resolve = options.resolve ?? resolveWithSystem;
  const agents = new Map<string, HttpAgent>();
  const agentFor = (protocol: string, publicOnly: boolean) => {
    const key = `${protocol}${publicOnly}`;
    let agent = agents.get(key);
    if (!agent) {
      const lookup = checkedLookup(resolve, publicOnly);
      agent =
        protocol === "https:"
          ? new HttpsAgent({ keepAlive: true, lookup, ...(options.ca && { ca: options.ca }) })
          : new HttpAgent({ keepAlive: true, lookup });
      agents.set(key, agent);
    }
    return agent;
  };
  return (url, init) =>
    new Promise((answered, failed) => {
      const request = url.protocol === "https:" ? httpsRequest : httpRequest;
      const req = request(
        url,
        {
          method: init.method ?? "GET",
          headers: init.headers,
          signal: init.signal,
          agent: agentFor(url.protocol, init.publicOnly),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          // One no answer may have (Response refuses it): nothing of it is worth reading.
          if (status < 200 || status > 599) {
            response.destroy();
            failed(new OutboundRefused(`${url.host} answered with status ${status}`));
            return;
          }
          const body = [204, 205, 304].includes(status) ? null : (Readable.toWeb(response) as ReadableStream);
          answered(new Response(body, { status, headers: headersOf(response) }));
        },
      );
      req.once("error", failed);
      req.end(init.body);
    });
}
