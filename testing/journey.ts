/**
 * One member journey, step by step, through nothing but what a browser and Stripe can reach: the
 * public tRPC procedures over HTTP, the chat and member rooms over real sockets, avatar images, chat
 * files, and the webhook. The edge check runs the same script against the Worker in workerd and against the
 * Node host, so both are held to the same product. Each step builds on the one before; a step
 * that fails fails every step after it.
 */
import { afterAll, expect, it } from "vitest";
import { roomSocket, eventually } from "./rooms-process";
import { testBrowser } from "./browser";
import type { MailStandIn } from "./mail-stand-ins";
import { completedSession, signedDelivery, stripeEvent, type StripeStandIn } from "./stripe-stand-in";

export interface JourneyHost {
  /** The app's origin: pages, API and (unless a ticket names another host) the rooms. */
  url: string;
  /** Where the host's e-mail goes: each member reads their link there, as in their inbox. */
  mail: MailStandIn;
  /** The Stripe stand-in the host's STRIPE_API_URL points at. */
  stripe: StripeStandIn;
}

type Browser = ReturnType<typeof testBrowser>;

/** The smallest PNG: a 1×1 transparent pixel. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** Registers the journey's steps as tests of the enclosing file or `describe`. */
export function memberJourney(host: () => JourneyHost) {
  const run = crypto.randomUUID().slice(0, 8);
  const password = "correct horse battery";
  const ada = { name: "Ada Lovelace", email: `ada-${run}@example.com`, id: "", browser: null as unknown as Browser };
  const bob = { name: "Bob Kahn", email: `bob-${run}@example.com`, id: "", browser: null as unknown as Browser };
  /** A word no other project has, to search by. */
  const keyword = `analytical${run}`;
  let chatId = "";
  const sockets: { close(): void }[] = [];
  afterAll(() => sockets.forEach((socket) => socket.close()));

  const browser = () => testBrowser(host().url, (url, init) => fetch(url, init));
  /** Where the SPA opens a room's socket: the host its ticket names, else the app's own. */
  const roomHost = (ticket: { host: string | null }) => ticket.host ?? new URL(host().url).host;

  it("signs up two members, and each one's e-mail, delivered by the mail provider, verifies their address", async () => {
    for (const member of [ada, bob]) {
      member.browser = browser();
      const me = await member.browser.trpc.auth.signUp.mutate({
        displayName: member.name,
        email: member.email,
        password,
      });
      member.id = me.id;
      expect(me.emailVerified).toBe(false);

      const link = new URL(await host().mail.latestLink(member.email, "/auth/verify"));
      expect(link.origin).toBe(host().url);
      const token = link.searchParams.get("token")!;
      expect(await member.browser.trpc.auth.verifyEmail.mutate({ token })).toEqual({ verified: true });
      expect(await member.browser.trpc.auth.me.query()).toMatchObject({ id: member.id, emailVerified: true });
    }
  });

  it("signs out, and back in with the password", async () => {
    await bob.browser.trpc.auth.signOut.mutate();
    expect(await bob.browser.trpc.auth.me.query()).toBeNull();
    await expect(
      bob.browser.trpc.auth.signIn.mutate({ email: bob.email, password: "not the password" }),
    ).rejects.toThrow("Invalid email or password.");
    await bob.browser.trpc.auth.signIn.mutate({ email: bob.email, password });
    expect(await bob.browser.trpc.auth.me.query()).toMatchObject({ id: bob.id, emailVerified: true });
  });

  it("saves onboarding, and the profile shows it", async () => {
    await ada.browser.trpc.profiles.completeOnboarding.mutate({
      displayName: "Ada L.",
      bio: "Notes on the engine.",
      developerType: "Backend Developer",
      experience: "Advanced (3-5 years)",
      specialization: "Backend Development",
      region: "United Kingdom",
      interestedProjects: ["Web Development", "AI/Machine Learning"],
    });
    expect(await ada.browser.trpc.profiles.me.query()).toMatchObject({
      displayName: "Ada L.",
      specialization: "Backend Development",
      region: "United Kingdom",
      interestedProjects: ["Web Development", "AI/Machine Learning"],
    });
  });

  it("creates projects, lists them and finds one by a word of its description", async () => {
    const engine = await ada.browser.trpc.projects.create.mutate({
      title: "Difference Engine",
      category: "Data Science",
      description: `An ${keyword} engine for tables.`,
      techStack: ["Brass", "Gears"],
    });
    const loom = await ada.browser.trpc.projects.create.mutate({ title: "Jacquard Loom", category: "UI/UX Design" });

    const mine = await ada.browser.trpc.projects.list.query({ mine: true });
    expect(mine.items.map((p) => p.title).sort()).toEqual(["Difference Engine", "Jacquard Loom"]);
    const all = await bob.browser.trpc.projects.list.query({});
    expect(all.items.map((p) => p.id)).toEqual(expect.arrayContaining([engine.id, loom.id]));
    const found = await bob.browser.trpc.projects.list.query({ search: keyword });
    expect(found.items.map((p) => p.id)).toEqual([engine.id]);
  });

  it("sends a friend request the other member sees live and accepts", async () => {
    const { ticket, ...where } = await bob.browser.trpc.chats.memberTicket.query();
    const bobsRoom = roomSocket(roomHost(where), "member-room", bob.id, () => ticket);
    sockets.push(bobsRoom.socket);
    await bobsRoom.opened;

    const sent = await ada.browser.trpc.friends.request.mutate({ email: bob.email });
    await eventually(() => expect(bobsRoom.events).toContainEqual({ type: "poke", reason: "friend-request" }));
    const { incoming } = await bob.browser.trpc.friends.requests.query();
    expect(incoming.map((r) => [r.id, r.member.id])).toEqual([[sent.requestId, ada.id]]);

    await bob.browser.trpc.friends.accept.mutate({ requestId: sent.requestId });
    expect((await ada.browser.trpc.friends.list.query()).map((f) => f.id)).toEqual([bob.id]);
    expect((await bob.browser.trpc.friends.list.query()).map((f) => f.id)).toEqual([ada.id]);
  });

  it("opens a chat over a socket and receives the friend's message live", async () => {
    ({ chatId } = await bob.browser.trpc.chats.openPrivate.mutate({ friendId: ada.id }));
    const ticket = await bob.browser.trpc.chats.ticket.query({ chatId });
    const bobsChat = roomSocket(roomHost(ticket), "chat-room", chatId, () => ticket.ticket);
    sockets.push(bobsChat.socket);
    await bobsChat.opened;

    const sent = await ada.browser.trpc.chats.send.mutate({
      chatId,
      clientId: crypto.randomUUID(),
      content: "The engine runs.",
    });
    await eventually(() =>
      expect(bobsChat.events).toContainEqual({
        type: "messages",
        messages: [expect.objectContaining({ seq: sent.seq, senderId: ada.id, content: "The engine runs." })],
      }),
    );
    const stored = await bob.browser.trpc.chats.messages.query({ chatId });
    expect(stored.messages.map((m) => m.content)).toEqual(["The engine runs."]);
  });

  it("uploads an avatar, which anyone can then load", async () => {
    const form = new FormData();
    form.set("file", new Blob([PNG], { type: "image/png" }), "me.png");
    const profile = await ada.browser.trpc.profiles.uploadAvatar.mutate(form);
    expect(profile.avatarUrl).toMatch(/^\/api\/avatars\/.+\.png$/);

    const image = await fetch(new URL(profile.avatarUrl!, host().url));
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  it("sends a file in the chat, which the friend alone can then load, as a download", async () => {
    const form = new FormData();
    form.set("chatId", chatId);
    form.set("file", new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/svg+xml" }), "plan.svg");
    const file = await ada.browser.trpc.attachments.upload.mutate(form);
    await ada.browser.trpc.chats.send.mutate({
      chatId,
      clientId: crypto.randomUUID(),
      content: "",
      attachmentIds: [file.id],
    });

    const served = await bob.browser.request(`/api/attachments/${file.id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(served.headers.get("Content-Disposition")).toMatch(/^attachment; /);
    expect(await served.text()).toBe("<svg xmlns='http://www.w3.org/2000/svg'/>");
    expect((await fetch(new URL(`/api/attachments/${file.id}`, host().url))).status).toBe(401);
  });

  it("pays at checkout and becomes Pro when Stripe's signed webhook confirms it", async () => {
    const { stripe, url } = host();
    const checkout = await ada.browser.trpc.billing.createCheckout.mutate({ attemptId: crypto.randomUUID() });
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === ada.id)!;
    expect(checkout.url).toBe(session.url);
    expect(await ada.browser.trpc.billing.plan.query()).toMatchObject({ pro: false });

    const { body, signature } = signedDelivery(stripeEvent("checkout.session.completed", completedSession(session)));
    const post = (stripeSignature: string) =>
      fetch(`${url}/api/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature },
        body,
      });
    const forged = signedDelivery(JSON.parse(body) as object, "whsec_forged").signature;
    expect((await post(forged)).status).toBe(400);
    expect(await ada.browser.trpc.billing.plan.query()).toMatchObject({ pro: false });

    expect((await post(signature)).status).toBe(200);
    expect(await ada.browser.trpc.billing.plan.query()).toMatchObject({ pro: true });
    expect(await ada.browser.trpc.billing.status.query({ sessionId: session.id })).toEqual({ state: "active" });
  });
}
