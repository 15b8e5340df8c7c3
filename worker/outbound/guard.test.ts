/**
 * The guard on its own, sending nothing: which addresses it refuses before any connection, in every
 * notation an address can be written in, and what it does with redirects, slow and large answers
 * (through a transport the test plays).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./addresses";
import { checkDestination, guardedOutbound, OutboundRefused, type OutboundRules, type Transport } from "./guard";

const verdict = (address: string, trustedHosts: string[] = [], plainHttp = false) => {
  try {
    checkDestination(address, trustedHosts, plainHttp);
    return "allowed";
  } catch (error) {
    if (error instanceof OutboundRefused) return "refused";
    throw error;
  }
};

describe("checkDestination", () => {
  it.each([
    // Loopback, in every notation URL accepts for it.
    "https://127.0.0.1/",
    "https://127.0.0.1:9/x",
    "https://127.255.255.254/",
    "https://2130706433/",
    "https://0x7f000001/",
    "https://0x7F.0.0.1/",
    "https://0177.0.0.1/",
    "https://0177.0000.0000.0001/",
    "https://127.1/",
    "https://127.0.1/",
    "https://127.0.0.1./",
    "https://%31%32%37.0.0.1/",
    "https://[::1]/",
    "https://[0:0:0:0:0:0:0:1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[0:0:0:0:0:ffff:127.0.0.1]/",
    "https://[::127.0.0.1]/",
    "https://[64:ff9b::127.0.0.1]/",
    "https://[2002:7f00:1::1]/",
    // The unspecified address, which connects to this machine.
    "https://0.0.0.0/",
    "https://0/",
    "https://[::]/",
    // Private networks, link-local (the cloud metadata address), carrier-grade NAT.
    "https://10.0.0.1/",
    "https://167772161/",
    "https://172.16.0.1/",
    "https://172.31.255.255/",
    "https://192.168.0.1/",
    "https://0xc0a80001/",
    "https://169.254.169.254/latest/meta-data/",
    "https://2852039166/",
    "https://[::ffff:169.254.169.254]/",
    "https://[::ffff:a9fe:a9fe]/",
    "https://[fd00:ec2::254]/",
    "https://100.64.0.1/",
    "https://100.127.255.255/",
    // IPv6 unique-local, link-local, site-local, multicast; IPv4 multicast, reserved, broadcast.
    "https://[fc00::1]/",
    "https://[fdff:ffff::1]/",
    "https://[fe80::1]/",
    "https://[fec0::1]/",
    "https://[ff02::1]/",
    "https://224.0.0.1/",
    "https://239.255.255.250/",
    "https://240.0.0.1/",
    "https://255.255.255.255/",
    // Documentation and benchmarking ranges, Teredo.
    "https://192.0.2.1/",
    "https://198.18.0.1/",
    "https://[2001:db8::1]/",
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    // Internal names.
    "https://localhost/",
    "https://LOCALHOST./",
    "https://api.localhost/",
    "https://metadata.google.internal/",
    "https://printer.local/",
    "https://router.home.arpa/",
    "https://intranet/",
    "https://metadata/",
    // Not https, or carrying credentials, or not a URL.
    "http://fcm.googleapis.com/",
    "ftp://fcm.googleapis.com/",
    "file:///etc/passwd",
    "https://user:pass@fcm.googleapis.com/",
    "https://fcm.googleapis.com@127.0.0.1/",
    "not a url",
  ])("refuses %s", (address) => {
    expect(verdict(address)).toBe("refused");
  });

  it.each([
    "https://fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com./fcm/send/x",
    "https://8.8.8.8/",
    "https://134744072/",
    "https://93.184.216.34:8443/",
    "https://172.32.0.1/",
    "https://100.128.0.1/",
    "https://[2606:4700:4700::1111]/",
    "https://[::ffff:8.8.8.8]/",
    "https://[64:ff9b::808:808]/",
    "https://[2002:808:808::1]/",
  ])("allows %s", (address) => {
    expect(verdict(address)).toBe("allowed");
  });

  it("lets link previews reach public hosts over plain http, and still no address inside", () => {
    const previewVerdict = (address: string) => verdict(address, [], true);
    expect(previewVerdict("http://news.example.com/article")).toBe("allowed");
    expect(previewVerdict("http://8.8.8.8/")).toBe("allowed");
    for (const inside of ["http://127.0.0.1/", "http://169.254.169.254/", "http://10.0.0.1/", "http://localhost/"]) {
      expect(previewVerdict(inside), inside).toBe("refused");
    }
    expect(previewVerdict("ftp://news.example.com/")).toBe("refused");
    expect(verdict("http://news.example.com/article")).toBe("refused");
  });

  it("lets the operator's own hosts through at any address, over plain http too, and no others", () => {
    const trusted = ["127.0.0.1", "*.push.internal", "[::1]"];
    expect(verdict("http://127.0.0.1:8080/push", trusted)).toBe("allowed");
    expect(verdict("https://eu.push.internal/push", trusted)).toBe("allowed");
    expect(verdict("http://[::1]/push", trusted)).toBe("allowed");
    expect(verdict("https://2130706433/", trusted)).toBe("allowed");
    expect(verdict("https://push.internal/", trusted)).toBe("refused");
    expect(verdict("https://127.0.0.2/", trusted)).toBe("refused");
    expect(verdict("http://localhost/", trusted)).toBe("refused");
    expect(verdict("ftp://127.0.0.1/", trusted)).toBe("refused");
  });
});

/** An IPv4 address as 32 bits, written every way `URL` reads as that address. */
function notations(n: number) {
  const bytes = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const [a, b, c, d] = bytes as [number, number, number, number];
  const hex = (x: number) => x.toString(16);
  const high = hex((a << 8) | b);
  const low = hex((c << 8) | d);
  return [
    bytes.join("."),
    String(n),
    `0x${hex(n)}`,
    `0${n.toString(8)}`,
    bytes.map((x) => `0${x.toString(8)}`).join("."),
    bytes.map((x) => `0x${hex(x)}`).join("."),
    `${a}.${(b << 16) | (c << 8) | d}`,
    `${a}.${b}.${(c << 8) | d}`,
    `${bytes.join(".")}.`,
    `[::ffff:${bytes.join(".")}]`,
    `[::ffff:${high}:${low}]`,
    `[0:0:0:0:0:ffff:${high}:${low}]`,
    `[64:ff9b::${bytes.join(".")}]`,
    `[2002:${high}:${low}::1]`,
  ];
}

/** The ranges the guard refuses, from the registries' own tables, written independently of it. */
const INSIDE = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xe0000000, 4],
  [0xf0000000, 4],
] as const;

const inside = fc
  .tuple(fc.constantFrom(...INSIDE), fc.nat({ max: 0xffffffff }))
  .map(([[base, prefix], host]) => (base | (host >>> prefix)) >>> 0);

describe("every notation of an address", () => {
  it("is refused for loopback, private, link-local, carrier-grade NAT, multicast and reserved IPv4", () => {
    fc.assert(
      fc.property(inside, (n) => {
        for (const host of notations(n)) expect(verdict(`https://${host}/`), host).toBe("refused");
      }),
      { numRuns: 500 },
    );
  });

  it("gets the verdict its dotted form gets, whatever the address", () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), (n) => {
        const [dotted, ...others] = notations(n);
        const expected = verdict(`https://${dotted}/`);
        for (const host of others) expect(verdict(`https://${host}/`), host).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("reads resolver answers as URL hosts: dotted, mapped, with a zone, or not an address at all", () => {
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true);
    expect(isPublicAddress("2606:4700::1111")).toBe(true);
    expect(isPublicAddress("::ffff:10.1.2.3")).toBe(false);
    expect(isPublicAddress("fe80::1%eth0")).toBe(false);
    expect(isPublicAddress("010.0.0.1")).toBe(false);
    expect(isPublicAddress("1:2:3:4:5:6:7:8:9")).toBe(false);
    expect(isPublicAddress("fcm.googleapis.com")).toBe(false);
  });
});

const rules: OutboundRules = { trustedHosts: [], maxRedirects: 0, timeoutMs: 5_000, maxBytes: 1024 };

/** A transport the test plays: answers by URL, and records where it was asked to go. */
function playedTransport(answer: (url: URL, signal: AbortSignal) => Response | Promise<Response>) {
  const asked: string[] = [];
  const transport: Transport = async (url, init) => {
    asked.push(url.href);
    return answer(url, init.signal);
  };
  return { asked, outbound: guardedOutbound(transport) };
}

const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

describe("guardedOutbound", () => {
  it("makes no request to a refused address", async () => {
    const { asked, outbound } = playedTransport(() => new Response("ok"));
    await expect(outbound("https://127.0.0.1/", {}, rules)).rejects.toBeInstanceOf(OutboundRefused);
    expect(asked).toEqual([]);
  });

  it("answers with a redirect, not following it, when no redirect may be followed (pushes)", async () => {
    const { asked, outbound } = playedTransport(() => redirect("https://fcm.googleapis.com/elsewhere"));
    const response = await outbound("https://fcm.googleapis.com/fcm/send/x", { method: "POST" }, rules);
    expect(response.status).toBe(302);
    expect(asked).toEqual(["https://fcm.googleapis.com/fcm/send/x"]);
  });

  it("checks each hop it follows again, and stops at an inward one", async () => {
    const hops: Record<string, Response> = {
      "https://a.example.com/": redirect("/b"),
      "https://a.example.com/b": redirect("https://0x7f000001/admin"),
    };
    const { asked, outbound } = playedTransport((url) => hops[url.href] ?? new Response("inside"));
    await expect(outbound("https://a.example.com/", {}, { ...rules, maxRedirects: 5 })).rejects.toThrow(
      "127.0.0.1 is not a public address",
    );
    expect(asked).toEqual(["https://a.example.com/", "https://a.example.com/b"]);
  });

  it("follows at most as many redirects as allowed", async () => {
    const { asked, outbound } = playedTransport((url) => redirect(`${url.href}x`));
    const response = await outbound("https://a.example.com/", {}, { ...rules, maxRedirects: 2 });
    expect(response.status).toBe(302);
    expect(asked).toEqual(["https://a.example.com/", "https://a.example.com/x", "https://a.example.com/xx"]);
  });

  it("refuses an answer larger than its size limit, said or not said beforehand", async () => {
    const big = "x".repeat(rules.maxBytes + 1);
    const said = playedTransport(() => new Response(big, { headers: { "content-length": String(big.length) } }));
    await expect(said.outbound("https://a.example.com/", {}, rules)).rejects.toThrow("larger than 1024 bytes");
    const streamed = playedTransport(
      () =>
        new Response(
          new ReadableStream({
            pull: (controller) => controller.enqueue(new TextEncoder().encode("x".repeat(100))),
          }),
        ),
    );
    await expect(streamed.outbound("https://a.example.com/", {}, rules)).rejects.toThrow("larger than 1024 bytes");
    const fits = playedTransport(() => new Response("x".repeat(rules.maxBytes)));
    expect(await (await fits.outbound("https://a.example.com/", {}, rules)).text()).toHaveLength(rules.maxBytes);
  });

  it("gives up on an answer slower than its time limit", async () => {
    const { outbound } = playedTransport(
      (_, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error))),
    );
    await expect(outbound("https://a.example.com/", {}, { ...rules, timeoutMs: 50 })).rejects.toThrow(/timed? ?out/i);
  });
});
