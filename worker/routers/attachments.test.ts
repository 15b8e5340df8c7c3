import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_UNAVAILABLE,
  attachmentUrl,
  MAX_ATTACHMENT_BYTES,
  UPLOAD_KEPT_MS,
  UPLOAD_SENDABLE_MS,
} from "@core/attachment-rules";
import { MESSAGE_EMPTY } from "@core/chat-rules";
import { mentionToken } from "@core/mentions";
import { friends, messageAttachments, messages, notifications } from "@db/schema";
import { attachmentForm } from "@testing/forms";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { quoteOf } from "@web/routes/_authed/chat/-components/timeline";
import { runScheduledJobs } from "../jobs/scheduled";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

const bytesOf = (text: string) => new TextEncoder().encode(text);
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const HTML = bytesOf("<!doctype html><script>alert(document.cookie)</script>");
const SVG = bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const PDF = bytesOf("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n");

const NOT_IN_CHAT = { message: "This chat does not exist or you are no longer in it.", code: "NOT_FOUND" };

/** A group Ada created (its admin) with Bob and Cy as members. */
async function group() {
  const [ada, bob, cy] = [await t.member("Ada Lovelace"), await t.member("Bob Babbage"), await t.member("Cy Clops")];
  for (const other of [bob, cy]) {
    await t.db
      .insert(friends)
      .values({ id: crypto.randomUUID(), userId: ada.me.id, friendId: other.me.id, status: "accepted" });
  }
  const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id, cy.me.id] });
  return { ada, bob, cy, chatId };
}

const upload = (m: TestMember, chatId: string, bytes: Uint8Array = PNG, name = "picture.png", type = "image/png") =>
  m.trpc.attachments.upload.mutate(attachmentForm(chatId, bytes, name, type));

const send = (m: TestMember, chatId: string, attachmentIds: string[], content = "", clientId = crypto.randomUUID()) =>
  m.trpc.chats.send.mutate({ chatId, clientId, content, attachmentIds });

const fetchFile = (m: Pick<TestMember, "request">, id: string, headers: Record<string, string> = {}) =>
  m.request(attachmentUrl(id), { headers });

const rowsOf = (id: string) => t.db.select().from(messageAttachments).where(eq(messageAttachments.id, id));
const messageCount = async (chatId: string) =>
  (await t.db.select().from(messages).where(eq(messages.chatId, chatId))).length;

describe("uploading", () => {
  it("judges the type by the bytes, never by the name or the browser's word", async () => {
    const { ada, chatId } = await group();
    expect(await upload(ada, chatId, PNG, "notes.txt", "text/plain")).toMatchObject({
      name: "notes.txt",
      contentType: "image/png",
      size: PNG.length,
    });
    expect(await upload(ada, chatId, HTML, "cat.png", "image/png")).toMatchObject({
      name: "cat.png",
      contentType: "application/octet-stream",
    });
    expect((await upload(ada, chatId, SVG, "logo.svg", "image/svg+xml")).contentType).toBe("application/octet-stream");
    expect((await upload(ada, chatId, PDF, "plan.pdf", "application/pdf")).contentType).toBe("application/pdf");
  });

  it("keeps only the last part of a path in the name, without control characters", async () => {
    const { ada, chatId } = await group();
    expect((await upload(ada, chatId, PNG, "C:\\Users\\ada\\..\\sh\u0007ot.png")).name).toBe("shot.png");
  });

  it("takes a file of 10 MB and refuses a byte more, storing nothing", async () => {
    const { ada, chatId } = await group();
    const largest = new Uint8Array(MAX_ATTACHMENT_BYTES);
    largest.set(PNG);
    expect((await upload(ada, chatId, largest)).size).toBe(MAX_ATTACHMENT_BYTES);
    const before = await t.db.select().from(messageAttachments).where(eq(messageAttachments.chatId, chatId));
    expect(await rejection(upload(ada, chatId, new Uint8Array(MAX_ATTACHMENT_BYTES + 1)))).toMatchObject({
      message: ATTACHMENT_TOO_LARGE,
      code: "BAD_REQUEST",
    });
    // Past the envelope's room, the body is refused before it is read into memory, in the same words.
    expect(await rejection(upload(ada, chatId, new Uint8Array(MAX_ATTACHMENT_BYTES + 64 * 1024)))).toMatchObject({
      message: ATTACHMENT_TOO_LARGE,
      code: "PAYLOAD_TOO_LARGE",
    });
    expect(await t.db.select().from(messageAttachments).where(eq(messageAttachments.chatId, chatId))).toEqual(before);
  });

  it("stops a body of no stated length that runs on, before reading it all", async () => {
    const ada = await t.member();
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
        // Far past the limit: the server must have stopped reading long before.
        if (sent > 64 * 1024 * 1024) controller.close();
      },
    });
    const response = await ada.request("/api/trpc/attachments.upload", {
      method: "POST",
      body: endless,
      headers: { "Content-Type": `multipart/form-data; boundary=x` },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  });

  it("is for the chat's current participants only", async () => {
    const { ada, bob, chatId } = await group();
    const stranger = await t.member("Eve Stranger");
    expect(await rejection(upload(stranger, chatId))).toMatchObject(NOT_IN_CHAT);
    await bob.trpc.chats.leave.mutate({ chatId });
    expect(await rejection(upload(bob, chatId))).toMatchObject(NOT_IN_CHAT);
    expect(await rejection(upload(ada, "no-such-chat"))).toMatchObject(NOT_IN_CHAT);
    const rows = await t.db.select().from(messageAttachments).where(eq(messageAttachments.chatId, chatId));
    expect(rows).toEqual([]);
  });
});

describe("sending a message with files", () => {
  it("carries them, in order, to the answer, the history and the room", async () => {
    const { ada, bob, chatId } = await group();
    const [first, second] = [await upload(ada, chatId, PDF, "plan.pdf"), await upload(ada, chatId)];
    const message = await send(ada, chatId, [second.id, first.id], "Here");
    expect(message.attachments).toEqual([second, first]);
    const { messages: history } = await bob.trpc.chats.messages.query({ chatId });
    expect(history.at(-1)!.attachments).toEqual([second, first]);
    await t.settle();
    const notice = t.notices.findLast((n) => n.room === "chat-room" && n.name === chatId)!.notice;
    expect(notice).toMatchObject({ type: "message", message: { id: message.id, attachments: [second, first] } });
  });

  it("may carry files alone, but a message needs text or a file", async () => {
    const { ada, chatId } = await group();
    const file = await upload(ada, chatId);
    expect((await send(ada, chatId, [file.id])).content).toBe("");
    expect(await rejection(send(ada, chatId, []))).toMatchObject({ message: MESSAGE_EMPTY, code: "BAD_REQUEST" });
  });

  it("is never stored naming a file that is missing, someone else's, from another chat, used or expired", async () => {
    const { ada, bob, chatId } = await group();
    const other = await group();
    const bobs = await upload(bob, chatId);
    const elsewhere = await upload(other.ada, other.chatId);
    const used = await upload(ada, chatId);
    await send(ada, chatId, [used.id]);
    const expired = await upload(ada, chatId);
    await t.db.run(
      sql`UPDATE message_attachments SET created_at = ${Date.now() - UPLOAD_SENDABLE_MS - 1000} WHERE id = ${expired.id}`,
    );
    const mine = await upload(ada, chatId);
    const before = await messageCount(chatId);
    for (const bad of ["0".repeat(32), bobs.id, elsewhere.id, used.id, expired.id]) {
      expect(await rejection(send(ada, chatId, [mine.id, bad], "With a file"))).toMatchObject({
        message: ATTACHMENT_UNAVAILABLE,
        code: "BAD_REQUEST",
      });
    }
    expect(await messageCount(chatId)).toBe(before);
    // None of it was claimed by the refused sends: the good upload is still free, the others as they were.
    expect((await rowsOf(mine.id))[0]!.messageId).toBeNull();
    expect((await rowsOf(bobs.id))[0]!.messageId).toBeNull();
    expect((await send(ada, chatId, [mine.id])).attachments).toEqual([mine]);
  });

  it("still tells a member it mentions, once however often it is retried, and nobody when refused", async () => {
    const { ada, bob, chatId } = await group();
    const mentionsOfBob = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, bob.me.id), eq(notifications.kind, "mention")));
    const file = await upload(ada, chatId);
    const content = `Look ${mentionToken({ id: bob.me.id, name: "Bob Babbage" })}`;
    const clientId = crypto.randomUUID();
    await Promise.all([
      send(ada, chatId, [file.id], content, clientId),
      send(ada, chatId, [file.id], content, clientId),
    ]);
    expect(await mentionsOfBob()).toHaveLength(1);
    await rejection(send(ada, chatId, [file.id], content));
    expect(await mentionsOfBob()).toHaveLength(1);
  });

  it("stores a retried send once, and a reused message id never collects another send's files", async () => {
    const { ada, chatId } = await group();
    const file = await upload(ada, chatId);
    const clientId = crypto.randomUUID();
    const first = await send(ada, chatId, [file.id], "Once", clientId);
    expect(await send(ada, chatId, [file.id], "Once", clientId)).toEqual(first);
    const later = await upload(ada, chatId);
    expect(await send(ada, chatId, [later.id], "Once", clientId)).toEqual(first);
    expect((await rowsOf(later.id))[0]!.messageId).toBeNull();
  });
});

describe("fetching a file", () => {
  it("serves a picture inline to each participant, with nosniff, and refuses everyone else alike", async () => {
    const { ada, bob, chatId } = await group();
    const picture = await upload(ada, chatId);
    await send(ada, chatId, [picture.id], "Look");
    const response = await fetchFile(bob, picture.id);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/png",
      "content-disposition": `inline; filename="picture.png"; filename*=UTF-8''picture.png`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-cache",
    });
    const stranger = await t.member("Eve Stranger");
    expect((await fetchFile(stranger, picture.id)).status).toBe(404);
    expect((await fetchFile(t.browser(), picture.id)).status).toBe(401);
    expect((await fetchFile(bob, "0".repeat(32))).status).toBe(404);
    expect((await fetchFile(bob, "../../app.db")).status).toBe(404);
  });

  it("checks the participants on every request, even one the browser has cached", async () => {
    const { ada, bob, chatId } = await group();
    const picture = await upload(ada, chatId);
    await send(ada, chatId, [picture.id]);
    const etag = (await fetchFile(bob, picture.id)).headers.get("etag")!;
    expect((await fetchFile(bob, picture.id, { "If-None-Match": etag })).status).toBe(304);
    await bob.trpc.chats.leave.mutate({ chatId });
    expect((await fetchFile(bob, picture.id)).status).toBe(404);
    expect((await fetchFile(bob, picture.id, { "If-None-Match": etag })).status).toBe(404);
  });

  it("serves HTML and SVG as downloads of an unrenderable type, never inline", async () => {
    const { ada, bob, chatId } = await group();
    const page = await upload(ada, chatId, HTML, "page.html", "text/html");
    const drawing = await upload(ada, chatId, SVG, "dräwing.svg", "image/svg+xml");
    await send(ada, chatId, [page.id, drawing.id]);
    for (const [file, disposition] of [
      [page, `attachment; filename="page.html"; filename*=UTF-8''page.html`],
      [drawing, `attachment; filename="dr_wing.svg"; filename*=UTF-8''dr%C3%A4wing.svg`],
    ] as const) {
      const response = await fetchFile(bob, file.id);
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        "content-type": "application/octet-stream",
        "content-disposition": disposition,
        "x-content-type-options": "nosniff",
      });
      expect(response.headers.get("content-security-policy")).toContain("sandbox");
    }
  });

  it("shows an unsent upload to its uploader alone", async () => {
    const { ada, bob, chatId } = await group();
    const file = await upload(ada, chatId);
    expect((await fetchFile(ada, file.id)).status).toBe(200);
    expect((await fetchFile(bob, file.id)).status).toBe(404);
  });
});

describe("removing files", () => {
  it("takes a deleted message's files out of the store and out of every page", async () => {
    const { ada, bob, chatId } = await group();
    const [picture, pdf] = [await upload(ada, chatId), await upload(ada, chatId, PDF, "plan.pdf")];
    const message = await send(ada, chatId, [picture.id, pdf.id], "Soon gone");
    const deleted = await ada.trpc.messages.remove.mutate({ chatId, messageId: message.id });
    expect(deleted.attachments).toEqual([]);
    expect((await fetchFile(bob, picture.id)).status).toBe(404);
    expect((await fetchFile(ada, picture.id)).status).toBe(404);
    await t.settle();
    expect(await t.attachments.get(picture.id)).toBeNull();
    expect(await t.attachments.get(pdf.id)).toBeNull();
    expect([...(await rowsOf(picture.id)), ...(await rowsOf(pdf.id))]).toEqual([]);
    // Nor can the freed uploads be sent again.
    expect(await rejection(send(ada, chatId, [picture.id]))).toMatchObject({ message: ATTACHMENT_UNAVAILABLE });
  });

  it("sweeps uploads never sent once they are past keeping, and leaves newer ones and sent ones", async () => {
    const { ada, chatId } = await group();
    const [forgotten, fresh, sent] = [await upload(ada, chatId), await upload(ada, chatId), await upload(ada, chatId)];
    await send(ada, chatId, [sent.id]);
    const now = Date.now() + UPLOAD_KEPT_MS;
    await t.db.run(
      sql`UPDATE message_attachments SET created_at = ${now - UPLOAD_KEPT_MS - 1} WHERE id = ${forgotten.id}`,
    );
    await t.db.run(
      sql`UPDATE message_attachments SET created_at = ${now - UPLOAD_KEPT_MS + 60_000} WHERE id = ${fresh.id}`,
    );
    const done = await runScheduledJobs(t.db, t.mailer, t.config, now, undefined, t.attachments);
    expect(done.files).toBeGreaterThanOrEqual(1);
    expect(await t.attachments.get(forgotten.id)).toBeNull();
    expect(await rowsOf(forgotten.id)).toEqual([]);
    expect(await t.attachments.get(fresh.id)).not.toBeNull();
    expect(await t.attachments.get(sent.id)).not.toBeNull();
    expect((await rowsOf(sent.id))[0]!.messageId).not.toBeNull();
  });
});

describe("the chat lists", () => {
  it("quote a message of files alone in a reply by its first file's name, as the sender's page does", async () => {
    const { ada, bob, chatId } = await group();
    const files = [await upload(ada, chatId, PDF, "plan.pdf"), await upload(ada, chatId)];
    const original = await send(
      ada,
      chatId,
      files.map((f) => f.id),
    );
    const reply = await bob.trpc.chats.send.mutate({
      chatId,
      clientId: crypto.randomUUID(),
      content: "Looks good",
      replyToId: original.id,
    });
    expect(reply.replyTo).toMatchObject({ id: original.id, excerpt: "📎 plan.pdf", deleted: false });
    // The page quotes it the same way while the reply is on its way.
    expect(quoteOf(original)).toEqual(reply.replyTo);
  });

  it("sum up a message of files alone by its first file's name", async () => {
    const { ada, bob, chatId } = await group();
    const pdf = await upload(ada, chatId, PDF, "plan.pdf");
    await send(ada, chatId, [pdf.id, (await upload(ada, chatId)).id]);
    const { items } = await bob.trpc.chats.list.query({ kind: "groups" });
    expect(items.find((chat) => chat.id === chatId)!.lastMessage).toMatchObject({ content: "📎 plan.pdf" });
  });
});
