import { createTRPCClient, httpLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../worker/routers";

type Send = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * A browser as the API sees it: its own cookie jar, and the app's Origin on every request like a
 * real page would send. `send` is `app.request` in router tests and `fetch` against a running host.
 */
export function testBrowser(origin: string, send: Send) {
  const jar = new Map<string, string>();
  const request = async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("Origin")) headers.set("Origin", origin);
    if (jar.size) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
    const response = await send(new URL(url, origin).href, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, value = ""] = pair!.split("=");
      const expired = value === "" || attributes.some((a) => /max-age=0$/i.test(a.trim()));
      if (expired) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    return response;
  };
  const trpc = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${origin}/api/trpc`,
        transformer: superjson,
        fetch: (url, init) => request(url, init as RequestInit),
      }),
    ],
  });
  return { trpc, request, cookies: jar };
}
