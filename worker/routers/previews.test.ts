/**
 * Link previews on a real database, their requests going out through the Node host's guarded way
 * out to a stand-in site on this machine. The stand-in is the operator's own preview host under the
 * name site.test (a resolver the test answers for), so every address a member could aim inward
 * (an IP literal, a redirect, a name that resolves to one) is checked exactly as in production.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkPreviews } from "@db/schema";
import { friendsInChat } from "@testing/friends";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { STAND_IN_PAGE, STAND_IN_PNG, startPreviewStandIn } from "@testing/preview-stand-ins";
import { guardedOutbound } from "../outbound/guard";
import { nodeTransport } from "../outbound/node-transport";

let site: Awaited<ReturnType<typeof startPreviewStandIn>>;
let t: TestApp;
/** Every address the transport was asked to connect to: what the guard let through. */
const connected: string[] = [];
/** Names only this test's resolver knows: the stand-in's, and one that resolves inward. */
const NAMES: Record<string, string> = { "site.test": "127.0.0.1", "inward.example.com": "127.0.0.1" };

beforeAll(async () => {
  site = await startPreviewStandIn();
  const transport = nodeTransport({
    resolve: async (host) => {
      const address = NAMES[host];
      if (!address) throw Object.assign(new Error(`no such name: ${host}`), { code: "ENOTFOUND" });
      return [{ address, family: 4 }];
    },
  });
  const outbound = guardedOutbound((url, init) => {
    connected.push(url.href);
    return transport(url, init);
  });
  t = await createTestApp(
    {
      RATE_LIMIT_SIGNUP_PER_IP: "10000",
      LINK_PREVIEW_HOSTS: "site.test",
      GITHUB_API_URL: `http://site.test:${site.port}`,
    },
    { outbound },
  );
});
afterAll(() => site.close());

const at = (path: string) => `http://site.test:${site.port}${path}`;

/** Ada sends `content` to Bob; what Bob's page is told of its preview. */
async function previewOf(content: string) {
  const { ada, bob, chatId } = await friendsInChat(t);
  const message = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
  return bob.trpc.previews.ofMessage.query({ chatId, messageId: message.id });
}

describe("a page's card", () => {
  it("comes from the page's Open Graph tags, its picture through our origin", async () => {
    const card = await previewOf(`Look: ${at("/page")}, and tell me.`);
    expect(card).toEqual({
      kind: "page",
      url: at("/page"),
      ...STAND_IN_PAGE,
      image: `/api/previews/image?url=${encodeURIComponent(at("/page"))}`,
    });
  });

  it("falls back to the title and the meta description, entities decoded, markup left as text", async () => {
    expect(await previewOf(`${at("/plain")}`)).toMatchObject({
      title: "A page with a title — and no more",
      description: "Only <b>text</b>, never markup.",
      siteName: null,
      image: null,
    });
  });

  it("is made for the first address outside code, and none for a message without one", async () => {
    expect(await previewOf(`\`${at("/plain")}\` is not it, ${at("/page")} is`)).toMatchObject({ url: at("/page") });
    expect(await previewOf("No address here")).toBeNull();
  });

  it("is fetched once, then kept for everyone who reads it", async () => {
    const address = at("/plain?kept");
    const before = site.asked.filter((path) => path === "/plain?kept").length;
    await previewOf(address);
    await previewOf(`again ${address}`);
    expect(site.asked.filter((path) => path === "/plain?kept").length - before).toBe(1);
    const [row] = await t.db.select().from(linkPreviews).where(eq(linkPreviews.url, address));
    expect(row?.card).toMatchObject({ kind: "page" });
  });
});

describe("previews refuse what is inside", () => {
  it.each([
    ["loopback", "http://127.0.0.1:{port}/secret"],
    ["loopback in IPv6", "http://[::1]:{port}/secret"],
    ["loopback written as a number", "http://2130706433:{port}/secret"],
    ["the cloud metadata address (link-local)", "http://169.254.169.254/latest/meta-data/"],
    ["a private network", "http://10.0.0.7/secret"],
    ["a private network in IPv6", "http://[fd00::1]/secret"],
    ["an internal name", "http://localhost:{port}/secret"],
  ])("makes no card of %s, and connects to nothing", async (_, address) => {
    const target = address.replace("{port}", String(site.port));
    expect(await previewOf(`see ${target}`)).toBeNull();
    expect(connected).not.toContain(new URL(target).href);
    expect(site.asked).not.toContain("/secret");
  });

  it.each([
    ["loopback", "http://127.0.0.1:{port}/secret"],
    ["the cloud metadata address", "http://169.254.169.254/latest/meta-data/"],
    ["a private network", "http://10.0.0.7/secret"],
  ])("stops at a redirect to %s", async (_, inward) => {
    const target = inward.replace("{port}", String(site.port));
    const address = at(`/redirect?to=${encodeURIComponent(target)}`);
    expect(await previewOf(address)).toBeNull();
    expect(connected).toContain(address);
    expect(connected).not.toContain(new URL(target).href);
    expect(site.asked).not.toContain("/secret");
  });

  it("refuses a name that resolves to loopback, before connecting", async () => {
    const address = `http://inward.example.com:${site.port}/secret`;
    expect(await previewOf(address)).toBeNull();
    expect(site.asked).not.toContain("/secret");
  });

  it("refuses a redirect to a name that resolves to loopback", async () => {
    const inward = `http://inward.example.com:${site.port}/secret`;
    expect(await previewOf(at(`/redirect?to=${encodeURIComponent(inward)}`))).toBeNull();
    expect(site.asked).not.toContain("/secret");
  });

  it("makes no card of an address that is not http(s)", async () => {
    expect(await previewOf("ftp://site.test/file and file:///etc/passwd")).toBeNull();
  });
});

describe("previews' limits", () => {
  it("give up on a page larger than a megabyte", async () => {
    expect(await previewOf(at("/huge"))).toBeNull();
    expect(site.asked).toContain("/huge");
  });

  it("give up on a page slower than five seconds", { timeout: 15_000 }, async () => {
    const started = Date.now();
    expect(await previewOf(at("/slow"))).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    expect(Date.now() - started).toBeLessThan(9_000);
  });
});

describe("GitHub cards", () => {
  it("show a pull request's title, state and author, from the API", async () => {
    expect(await previewOf("Review please: https://github.com/crewboard/crewboard/pull/42")).toEqual({
      kind: "pull",
      url: "https://github.com/crewboard/crewboard/pull/42",
      repository: "crewboard/crewboard",
      number: 42,
      title: "Chat that reads like a developers' tool",
      state: "open",
      author: "grace-hopper",
    });
    expect(await previewOf("https://github.com/crewboard/crewboard/pull/7/files")).toMatchObject({ state: "merged" });
    expect(await previewOf("https://github.com/crewboard/crewboard/issues/3")).toMatchObject({
      kind: "issue",
      state: "closed",
      author: "ada",
    });
  });

  it("show a repository's name, description, stars and language", async () => {
    expect(await previewOf("https://github.com/crewboard/crewboard")).toEqual({
      kind: "repository",
      url: "https://github.com/crewboard/crewboard",
      fullName: "crewboard/crewboard",
      description: "Where developers find projects and teammates",
      stars: 1234,
      language: "TypeScript",
    });
  });

  it("make no card of what the API does not know (and github.com is out of reach here)", async () => {
    expect(await previewOf("https://github.com/crewboard/nothing-here/pull/1")).toBeNull();
  });
});

describe("a preview's picture", () => {
  const picture = async (member: TestMember, address: string) =>
    member.request(`/api/previews/image?url=${encodeURIComponent(address)}`);

  it("is served from our origin to members, as the image it is, unable to run anything", async () => {
    const { ada } = await friendsInChat(t);
    await previewOf(at("/page"));
    const response = await picture(ada, at("/page"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(STAND_IN_PNG);
    expect((await t.browser().request(`/api/previews/image?url=${encodeURIComponent(at("/page"))}`)).status).toBe(401);
  });

  it("is dropped when it is SVG, inside, or of no stored card: no open proxy", async () => {
    const { ada } = await friendsInChat(t);
    await previewOf(at("/svg-picture"));
    await previewOf(at("/inward-picture"));
    expect((await picture(ada, at("/svg-picture"))).status).toBe(404);
    expect((await picture(ada, at("/inward-picture"))).status).toBe(404);
    expect(connected).not.toContain("http://127.0.0.1:9/secret.png");
    expect((await picture(ada, at("/picture.png"))).status).toBe(404);
    expect(site.asked.filter((path) => path === "/picture.png").length).toBeLessThanOrEqual(1);
  });
});

describe("taking a preview off", () => {
  it("is its author's alone, and takes it off for everyone, live", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const message = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: at("/page") });
    expect(await bob.trpc.previews.ofMessage.query({ chatId, messageId: message.id })).not.toBeNull();
    expect(await rejection(bob.trpc.messages.removePreview.mutate({ chatId, messageId: message.id }))).toMatchObject({
      message: "Only the author can remove a message's preview.",
      code: "FORBIDDEN",
    });
    const removed = await ada.trpc.messages.removePreview.mutate({ chatId, messageId: message.id });
    expect(removed).toMatchObject({ id: message.id, previewRemoved: true, changeSeq: message.changeSeq + 1 });
    await t.settle();
    expect(t.notices).toContainEqual({
      room: "chat-room",
      name: chatId,
      notice: { type: "changed", message: removed },
    });
    expect(await bob.trpc.previews.ofMessage.query({ chatId, messageId: message.id })).toBeNull();
    // Again: already done, nothing more changes.
    expect(await ada.trpc.messages.removePreview.mutate({ chatId, messageId: message.id })).toEqual(removed);
    const { messages } = await bob.trpc.chats.messages.query({ chatId });
    expect(messages.at(-1)).toMatchObject({ previewRemoved: true });
  });
});
