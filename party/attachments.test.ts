/**
 * A message carrying files through the whole live path: the real upload and send procedures on a real
 * database tell the chat's room in workerd over HTTP, as `npm start` wires them, and the other
 * members' sockets receive the message with its files; its deletion takes them off every page.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { friends } from "@db/schema";
import { attachmentForm } from "@testing/forms";
import type { TestApp, TestMember } from "@testing/harness";
import { eventually, roomSocket, type RoomsProcess } from "@testing/rooms-process";
import { liveRooms } from "@testing/live-rooms";
import type { WireMessage } from "./protocol";

const SECRET = "attachments-secret";
let rooms: RoomsProcess;
let t: TestApp;

beforeAll(async () => void ({ rooms, t } = await liveRooms(SECRET)));
afterAll(() => rooms?.stop());

it("a message with a picture and a file reaches the other sockets with both, and leaves without them once deleted", async () => {
  const [ada, bob] = [await t.member("Ada"), await t.member("Bob")];
  await t.db
    .insert(friends)
    .values({ id: crypto.randomUUID(), userId: ada.me.id, friendId: bob.me.id, status: "accepted" });
  const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
  const open = (m: TestMember) =>
    roomSocket(rooms.host, "chat-room", chatId, async () => (await m.trpc.chats.ticket.query({ chatId })).ticket);
  const bobs = open(bob);
  await bobs.opened;

  const picture = await ada.trpc.attachments.upload.mutate(attachmentForm(chatId));
  const notes = await ada.trpc.attachments.upload.mutate(
    attachmentForm(chatId, new TextEncoder().encode("plain notes"), "notes.txt", "text/plain"),
  );
  const sent = await ada.trpc.chats.send.mutate({
    chatId,
    clientId: crypto.randomUUID(),
    content: "",
    attachmentIds: [picture.id, notes.id],
  });
  const received = () => bobs.events.filter((e) => e.type === "messages").flatMap((e) => e.messages as WireMessage[]);
  await eventually(() => expect(received()).toEqual([sent]));
  expect(received()[0]!.attachments).toEqual([
    { id: picture.id, name: "picture.png", contentType: "image/png", size: picture.size },
    { id: notes.id, name: "notes.txt", contentType: "application/octet-stream", size: 11 },
  ]);

  const deleted = await ada.trpc.messages.remove.mutate({ chatId, messageId: sent.id });
  const changed = () => bobs.events.filter((e) => e.type === "changes").flatMap((e) => e.messages as WireMessage[]);
  await eventually(() => expect(changed()).toEqual([deleted]));
  expect(changed()[0]!.attachments).toEqual([]);
  bobs.socket.close();
});
