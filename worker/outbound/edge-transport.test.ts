/**
 * The Worker's way out, with the platform's fetch played by the test: the same refusals as on Node
 * before anything is fetched, and a redirect handed back to the guard, never followed by fetch.
 */
import { afterEach, expect, it, vi } from "vitest";
import { edgeTransport } from "./edge-transport";
import { guardedOutbound, OutboundRefused, type OutboundRules } from "./guard";

const rules: OutboundRules = { trustedHosts: [], maxRedirects: 0, timeoutMs: 5_000, maxBytes: 1024 };
const outbound = guardedOutbound(edgeTransport);

afterEach(() => vi.unstubAllGlobals());

it("fetches nothing for an address the guard refuses", async () => {
  const fetched = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetched);
  for (const address of ["https://0x7f000001/", "https://[::ffff:169.254.169.254]/", "http://fcm.googleapis.com/"]) {
    await expect(outbound(address, {}, rules)).rejects.toBeInstanceOf(OutboundRefused);
  }
  expect(fetched).not.toHaveBeenCalled();
});

it("asks fetch not to follow redirects, and answers with the redirect when none may be followed", async () => {
  const fetched = vi.fn<typeof fetch>(
    async () => new Response(null, { status: 307, headers: { location: "https://169.254.169.254/" } }),
  );
  vi.stubGlobal("fetch", fetched);
  const body = new Uint8Array([1, 2, 3]);
  const response = await outbound("https://fcm.googleapis.com/fcm/send/x", { method: "POST", body }, rules);
  expect(response.status).toBe(307);
  expect(fetched).toHaveBeenCalledOnce();
  expect(fetched.mock.calls[0]![0]).toBe("https://fcm.googleapis.com/fcm/send/x");
  expect(fetched.mock.calls[0]![1]).toMatchObject({ method: "POST", body, redirect: "manual" });
});
