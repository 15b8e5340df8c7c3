/**
 * Members deleting their accounts while others write to them, through every serving process of one
 * host: friends message their group and private chat, strangers send friend requests and ask to
 * join their projects. No answer is a server error, nothing is left pointing at a deleted member
 * (beyond the history they leave in others' chats), and every message the others were told was
 * sent is still there.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { MEMBER_NOT_FOUND, NOT_FRIENDS as NOT_FRIENDS_ANYMORE } from "@core/friend-rules";
import { PROJECT_NOT_FOUND } from "@core/project-rules";
import { CHAT_NOT_FOUND, NOT_FRIENDS } from "../chats/access";
import { befriend } from "@testing/friends";
import type { RunningHost } from "@testing/host";
import {
  asTestMember,
  countRows,
  expectNoServerErrors,
  outcome,
  PASSWORD,
  signUpMany,
  startCrowdHost,
  type Outcome,
} from "./crowd";

type Member = Awaited<ReturnType<typeof signUpMany>>[number];

const LEAVERS = 4;
const FRIENDS_EACH = 3;
const STRANGERS_EACH = 3;
const MESSAGES_EACH = 3;

let host: RunningHost;
beforeAll(async () => {
  host = await startCrowdHost();
});
afterAll(async () => {
  await host?.stop();
});

/** Rows that would name a member who no longer exists, table by table: all must be zero. */
const ORPHANS = {
  sessions: "user_id NOT IN (SELECT id FROM users)",
  profiles: "id NOT IN (SELECT id FROM users)",
  projects: "user_id NOT IN (SELECT id FROM users)",
  project_join_requests: "user_id NOT IN (SELECT id FROM users) OR project_id NOT IN (SELECT id FROM projects)",
  friends: "user_id NOT IN (SELECT id FROM users) OR friend_id NOT IN (SELECT id FROM users)",
  email_tokens: "user_id NOT IN (SELECT id FROM users)",
  // Left rows of deleted members stay, so their messages keep a sender; a current one may not.
  chat_participants: "left_at IS NULL AND user_id NOT IN (SELECT id FROM users)",
  payments: "user_id IS NOT NULL AND user_id NOT IN (SELECT id FROM users)",
};

test("members delete their accounts while friends message them and strangers ask for them", async () => {
  const WORLD = 1 + FRIENDS_EACH + STRANGERS_EACH;
  const everyone = await signUpMany(host, LEAVERS * WORLD, "leaver");
  const worlds = await Promise.all(
    Array.from({ length: LEAVERS }, async (_, i) => {
      // Each leaver's world is theirs alone: a leaver of another world is never one of its strangers.
      const [leaver, ...rest] = everyone.slice(i * WORLD, (i + 1) * WORLD);
      const friends = rest.slice(0, FRIENDS_EACH);
      const strangers = rest.slice(FRIENDS_EACH);
      for (const friend of friends) await befriend(asTestMember(leaver!), asTestMember(friend));
      const { chatId: group } = await leaver!.browser.trpc.chats.createGroup.mutate({
        name: `Group of ${leaver!.displayName}`,
        memberIds: friends.map((f) => f.id),
      });
      const { chatId: pair } = await leaver!.browser.trpc.chats.openPrivate.mutate({ friendId: friends[0]!.id });
      const { id: project } = await leaver!.browser.trpc.projects.create.mutate({
        title: "Soon gone",
        category: "Web Development",
      });
      await leaver!.browser.trpc.chats.send.mutate({ chatId: group, clientId: crypto.randomUUID(), content: "bye" });
      return { leaver: leaver!, friends, strangers, group, pair, project };
    }),
  );

  const sent: { chatId: string; content: string }[] = [];
  const answers = await Promise.all(
    worlds.map(({ leaver, friends, strangers, group, pair, project }) => {
      const send = (from: Member, chatId: string, content: string) =>
        outcome(from.browser.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content })).then((o) => {
          if (o.ok) sent.push({ chatId, content });
          return o;
        });
      const calls: Promise<Outcome<unknown>>[] = [
        outcome(leaver.browser.trpc.account.delete.mutate({ password: PASSWORD })),
        ...friends.flatMap((friend) =>
          Array.from({ length: MESSAGES_EACH }, (_, m) => send(friend, group, `${friend.id} to group ${m}`)),
        ),
        ...Array.from({ length: MESSAGES_EACH }, (_, m) => send(friends[0]!, pair, `${friends[0]!.id} to pair ${m}`)),
        ...strangers.flatMap((stranger) => [
          outcome(stranger.browser.trpc.friends.request.mutate({ memberId: leaver.id })),
          outcome(stranger.browser.trpc.joinRequests.request.mutate({ projectId: project })),
        ]),
      ];
      return Promise.all(calls);
    }),
  );

  expectNoServerErrors(answers.flat());
  for (const [deleted] of answers) expect(deleted).toEqual({ ok: true, value: { deleted: true } });
  // What a refused call may say: the member, the project or the friendship is gone.
  const allowed = [MEMBER_NOT_FOUND, PROJECT_NOT_FOUND, NOT_FRIENDS, NOT_FRIENDS_ANYMORE, CHAT_NOT_FOUND];
  for (const o of answers.flat()) if (!o.ok) expect(allowed).toContain(o.message);

  for (const [table, where] of Object.entries(ORPHANS)) {
    expect({ table, orphans: await countRows(host, table, where) }).toEqual({ table, orphans: 0 });
  }
  for (const { leaver, friends, group, pair } of worlds) {
    expect(await countRows(host, "users", "id = ?", [leaver.id])).toBe(0);
    // The group outlives its creator, with every friend still in it and the creator's message kept.
    expect(await countRows(host, "chats", "id IN (?, ?)", [group, pair])).toBe(2);
    expect(await countRows(host, "chat_participants", "chat_id = ? AND left_at IS NULL", [group])).toBe(friends.length);
    expect(
      await countRows(host, "messages", "chat_id = ? AND sender_id = ? AND content = 'bye'", [group, leaver.id]),
    ).toBe(1);
    // Left once, said once, in each chat.
    for (const chatId of [group, pair]) {
      expect(
        await countRows(
          host,
          "messages",
          "chat_id = ? AND message_type = 'system' AND content LIKE '% left the chat'",
          [chatId],
        ),
      ).toBe(1);
    }
  }
  // Every message a member was told was sent is stored, numbered without gaps.
  for (const { chatId, content } of sent) {
    expect(await countRows(host, "messages", "chat_id = ? AND content = ?", [chatId, content])).toBe(1);
  }
  for (const { group, pair } of worlds) {
    for (const chatId of [group, pair]) {
      const n = await countRows(host, "messages", "chat_id = ?", [chatId]);
      expect(await countRows(host, "messages", "chat_id = ? AND seq BETWEEN 1 AND ?", [chatId, n])).toBe(n);
    }
  }
});
