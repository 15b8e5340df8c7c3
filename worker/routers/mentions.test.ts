import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mentionToken } from "@core/mentions";
import { friends, notifications, pushOutbox } from "@db/schema";
import { createTestApp, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

async function befriend(a: TestMember, b: TestMember) {
  await t.db
    .insert(friends)
    .values({ id: crypto.randomUUID(), userId: a.me.id, friendId: b.me.id, status: "accepted" });
}

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

const mentionsOf = (m: TestMember) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, m.me.id), eq(notifications.kind, "mention")))
    .orderBy(asc(notifications.id));

const pushesOf = async (m: TestMember) =>
  (await t.db.select().from(pushOutbox).where(eq(pushOutbox.memberId, m.me.id))).map(
    (row) => JSON.parse(row.payload) as { title: string; body: string; url: string },
  );

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

  it("do not resolve in a private chat, and an edit resolves without notifying", async () => {
    const { ada, bob, chatId: groupId } = await crew();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const sent = await send(ada, chatId, `hi ${at(bob)}`);
    expect(sent.content).toBe("hi @Bob Babbage");

    const plain = await send(ada, groupId, "hello");
    const edited = await ada.trpc.messages.edit.mutate({
      chatId: groupId,
      messageId: plain.id,
      content: `hello ${at(bob)} ${mentionToken({ id: "nosuchmember", name: "Ghost" })}`,
    });
    expect(edited.content).toBe(`hello ${at(bob)} @Ghost`);
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
