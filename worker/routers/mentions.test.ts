import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mentionToken } from "@core/mentions";
import { notifications, pushOutbox } from "@db/schema";
import { createTestApp, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

/** A group 'Crew' Ada created with Bob and Cy; Dee is Ada's friend outside it. */
async function crew() {
  const [ada, bob, cy, dee] = [
    await t.member("Ada Lovelace"),
    await t.member("Bob Babbage"),
    await t.member("Cy Clops"),
    await t.member("Dee Outside"),
  ];
  for (const other of [bob, cy, dee]) await befriend(ada, other);
  const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id, cy.me.id] });
  return { ada, bob, cy, dee, chatId };
}

const at = (m: TestMember) => mentionToken({ id: m.me.id, name: m.me.profile?.displayName ?? "x" });
const send = (m: TestMember, chatId: string, content: string, clientId: string = crypto.randomUUID()) =>
  m.trpc.chats.send.mutate({ chatId, clientId, content });

const edit = (m: TestMember, chatId: string, messageId: number, content: string) =>
  m.trpc.messages.edit.mutate({ chatId, messageId, content });

/** Whether the member's open pages were told to look at their notifications again, after notice `from`. */
const poked = (m: TestMember, from = 0) =>
  t.notices
    .slice(from)
    .some(
      (n) =>
        n.room === "member-room" &&
        n.name === m.me.id &&
        n.notice.type === "poke" &&
        n.notice.reason === "notification",
    );

const mentionsOf = (m: TestMember) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, m.me.id), eq(notifications.kind, "mention")))
    .orderBy(asc(notifications.id));

/** The pushes about chats a member was sent: making the crew friends sends pushes of its own. */
const pushesOf = async (m: TestMember) =>
  (await t.db.select().from(pushOutbox).where(eq(pushOutbox.memberId, m.me.id)))
    .map((row) => JSON.parse(row.payload) as { title: string; body: string; url: string })
    .filter((push) => push.url.startsWith("/chat/"));

describe("mentions", () => {
  it("keep the member's id in the text, and tell them once in the bell, with a push, however often the send is retried", async () => {
    const { ada, bob, cy, chatId } = await crew();
    const clientId = crypto.randomUUID();
    const text = `${at(bob)} can you look?`;
    const [first, again] = await Promise.all([send(ada, chatId, text, clientId), send(ada, chatId, text, clientId)]);
    expect(again.id).toBe(first.id);
    expect(first.content).toBe(`@[Bob Babbage](${bob.me.id}) can you look?`);
    await send(ada, chatId, text, clientId);

    expect(await mentionsOf(bob)).toMatchObject([
      { actorId: ada.me.id, subjectId: chatId, eventKey: String(first.id), readAt: null },
    ]);
    expect(await mentionsOf(cy)).toEqual([]);
    expect(await mentionsOf(ada)).toEqual([]);
    // Newest first, above the group's 'added you to Crew'.
    expect((await bob.trpc.notifications.list.query({ filter: "all" })).items[0]).toMatchObject({
      kind: "mention",
      text: "mentioned you in Crew",
      url: `/chat/${chatId}`,
      read: false,
    });
    expect(await pushesOf(bob)).toEqual([
      expect.objectContaining({
        title: "New mention",
        body: "Ada Lovelace mentioned you in Crew",
        url: `/chat/${chatId}`,
      }),
    ]);
    await t.settle();
    const pokes = t.notices.filter((n) => n.room === "member-room" && n.name === bob.me.id && n.notice.type === "poke");
    expect(pokes.some((n) => n.notice.type === "poke" && n.notice.reason === "notification")).toBe(true);
  });

  it("resolve only to the group's current members: anyone else, and the author, stay plain text and hear nothing", async () => {
    const { ada, bob, cy, dee, chatId } = await crew();
    await cy.trpc.chats.leave.mutate({ chatId });
    const sent = await send(bob, chatId, `${at(dee)} ${at(cy)} ${at(bob)} ${at(ada)} and @[Ghost](nosuchmember)`);
    expect(sent.content).toBe(`@Dee Outside @Cy Clops ${at(bob)} ${at(ada)} and @Ghost`);
    expect(await mentionsOf(dee)).toEqual([]);
    expect(await mentionsOf(cy)).toEqual([]);
    expect(await mentionsOf(bob)).toEqual([]);
    expect(await mentionsOf(ada)).toHaveLength(1);
  });

  it("do not resolve in a private chat, sent or edited", async () => {
    const { ada, bob } = await crew();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const sent = await send(ada, chatId, `hi ${at(bob)}`);
    expect(sent.content).toBe("hi @Bob Babbage");
    const edited = await edit(ada, chatId, sent.id, `hello ${at(bob)}`);
    expect(edited.content).toBe("hello @Bob Babbage");
    expect(await mentionsOf(bob)).toEqual([]);
  });

  it("reach a member who muted the group, and follow their channel choices", async () => {
    const { ada, bob, cy, chatId } = await crew();
    await bob.trpc.chats.setMuted.mutate({ chatId, muted: true });
    await cy.trpc.notifications.setPreference.mutate({ key: "mention", channel: "push", enabled: false });
    await send(ada, chatId, `${at(bob)} ${at(cy)} muted or not`);
    expect(await mentionsOf(bob)).toHaveLength(1);
    expect(await mentionsOf(cy)).toHaveLength(1);
    expect(await pushesOf(bob)).toHaveLength(1);
    expect(await pushesOf(cy)).toEqual([]);
  });

  it("tell nobody a block keeps apart from the author, whichever of the two blocked", async () => {
    const { ada, bob, cy, chatId } = await crew();
    await bob.trpc.safety.block.mutate({ memberId: ada.me.id });
    await ada.trpc.safety.block.mutate({ memberId: cy.me.id });
    const sent = await send(ada, chatId, `${at(bob)} ${at(cy)} are you there?`);
    // Still members of the group: the mentions stay in the text, for the others to read.
    expect(sent.content).toBe(`${at(bob)} ${at(cy)} are you there?`);
    expect(await mentionsOf(bob)).toEqual([]);
    expect(await mentionsOf(cy)).toEqual([]);
    expect(await pushesOf(bob)).toEqual([]);

    await bob.trpc.safety.unblock.mutate({ memberId: ada.me.id });
    await send(ada, chatId, `${at(bob)} now?`);
    expect(await mentionsOf(bob)).toHaveLength(1);
  });

  it("are not written for a send that is refused", async () => {
    const { ada, bob, dee, chatId } = await crew();
    await bob.trpc.chats.leave.mutate({ chatId });
    await expect(send(bob, chatId, `${at(ada)} still here?`)).rejects.toThrow();
    await expect(send(dee, chatId, `${at(ada)} let me in`)).rejects.toThrow();
    expect(await mentionsOf(ada)).toEqual([]);
  });
});

describe("a mention added by an edit", () => {
  it("tells the member as a sent one does, once per message however often the edit is retried or made again", async () => {
    const { ada, bob, cy, chatId } = await crew();
    const plain = await send(ada, chatId, "can you look?");
    expect(await mentionsOf(bob)).toEqual([]);
    const from = t.notices.length;

    const text = `${at(bob)} can you look?`;
    const [first, again] = await Promise.all([edit(ada, chatId, plain.id, text), edit(ada, chatId, plain.id, text)]);
    expect(first.content).toBe(text);
    expect(again.content).toBe(text);
    await edit(ada, chatId, plain.id, text);

    expect(await mentionsOf(bob)).toMatchObject([
      { actorId: ada.me.id, subjectId: chatId, eventKey: String(plain.id), readAt: null },
    ]);
    expect(await mentionsOf(cy)).toEqual([]);
    expect((await bob.trpc.notifications.list.query({ filter: "all" })).items[0]).toMatchObject({
      kind: "mention",
      text: "mentioned you in Crew",
      url: `/chat/${chatId}`,
      read: false,
    });
    expect(await pushesOf(bob)).toEqual([
      expect.objectContaining({ title: "New mention", body: "Ada Lovelace mentioned you in Crew" }),
    ]);
    await t.settle();
    expect(poked(bob, from)).toBe(true);
    expect(poked(cy, from)).toBe(false);

    // Taken out and put back, or kept while the rest changes: the member already heard of this message.
    await edit(ada, chatId, plain.id, "never mind");
    await edit(ada, chatId, plain.id, `${at(bob)} can you look again?`);
    await edit(ada, chatId, plain.id, `${at(bob)} can you look now?`);
    expect(await mentionsOf(bob)).toHaveLength(1);
    expect(await pushesOf(bob)).toHaveLength(1);
  });

  it("tells only those the message did not name before: one mentioned when it was sent hears nothing new", async () => {
    const { ada, bob, cy, chatId } = await crew();
    const sent = await send(ada, chatId, `${at(bob)} lunch?`);
    expect(await mentionsOf(bob)).toHaveLength(1);

    await edit(ada, chatId, sent.id, `${at(bob)} ${at(cy)} lunch at noon?`);
    expect(await mentionsOf(bob)).toHaveLength(1);
    expect(await mentionsOf(cy)).toMatchObject([{ eventKey: String(sent.id) }]);
  });

  it("reaches a member who muted the group, and follows their channel choices", async () => {
    const { ada, bob, cy, chatId } = await crew();
    await bob.trpc.chats.setMuted.mutate({ chatId, muted: true });
    await cy.trpc.notifications.setPreference.mutate({ key: "mention", channel: "push", enabled: false });
    const sent = await send(ada, chatId, "muted or not");
    await edit(ada, chatId, sent.id, `${at(bob)} ${at(cy)} muted or not`);
    expect(await mentionsOf(bob)).toHaveLength(1);
    expect(await mentionsOf(cy)).toHaveLength(1);
    expect(await pushesOf(bob)).toHaveLength(1);
    expect(await pushesOf(cy)).toEqual([]);
  });

  it("tells nobody a block keeps apart from the author, nor later when an edit changes nothing", async () => {
    const { ada, bob, cy, chatId } = await crew();
    await bob.trpc.safety.block.mutate({ memberId: ada.me.id });
    await ada.trpc.safety.block.mutate({ memberId: cy.me.id });
    const sent = await send(ada, chatId, "are you there?");
    const text = `${at(bob)} ${at(cy)} are you there?`;
    expect((await edit(ada, chatId, sent.id, text)).content).toBe(text);
    expect(await mentionsOf(bob)).toEqual([]);
    expect(await mentionsOf(cy)).toEqual([]);
    expect(await pushesOf(bob)).toEqual([]);

    // The block lifted, the same text saved again is no new mention; nor is a fix elsewhere in it.
    await bob.trpc.safety.unblock.mutate({ memberId: ada.me.id });
    await edit(ada, chatId, sent.id, text);
    expect(await mentionsOf(bob)).toEqual([]);
    await edit(ada, chatId, sent.id, `${at(bob)} ${at(cy)} are you still there?`);
    expect(await mentionsOf(bob)).toEqual([]);

    const other = await send(ada, chatId, "and now?");
    await edit(ada, chatId, other.id, `${at(bob)} and now?`);
    expect(await mentionsOf(bob)).toHaveLength(1);
  });

  it("never tells the author, and leaves anyone but the group's current members plain and untold", async () => {
    const { ada, bob, cy, dee, chatId } = await crew();
    await cy.trpc.chats.leave.mutate({ chatId });
    const sent = await send(bob, chatId, "who is in?");
    const ghost = mentionToken({ id: "nosuchmember", name: "Ghost" });
    const edited = await edit(bob, chatId, sent.id, `${at(dee)} ${at(cy)} ${at(bob)} ${ghost} who is in?`);
    expect(edited.content).toBe(`@Dee Outside @Cy Clops ${at(bob)} @Ghost who is in?`);
    for (const m of [ada, bob, cy, dee]) expect(await mentionsOf(m)).toEqual([]);
  });

  it("is not written for an edit that is refused", async () => {
    const { ada, bob, cy, chatId } = await crew();
    const sent = await send(ada, chatId, "mine");
    await expect(edit(bob, chatId, sent.id, `${at(cy)} mine now`)).rejects.toThrow();
    await ada.trpc.messages.remove.mutate({ chatId, messageId: sent.id });
    await expect(edit(ada, chatId, sent.id, `${at(cy)} back`)).rejects.toThrow();
    expect(await mentionsOf(cy)).toEqual([]);
  });
});
