import { describe, expect, it } from "vitest";
import { MAX_NOTICES_PER_REQUEST, type ChatNotice } from "@party/protocol";
import { noticeBatcher } from "./notice-batcher";

const joined = (userId: string): ChatNotice => ({ type: "joined", userId });
const ids = (notices: ChatNotice[]) => notices.map((n) => (n.type === "joined" ? n.userId : "?"));

/** A transport whose requests finish only when the test lets them. */
function heldTransport(fail = false) {
  const requests: { chatId: string; userIds: string[]; finish: () => void }[] = [];
  const send = (chatId: string, notices: ChatNotice[]) =>
    new Promise<void>((resolve, reject) => {
      requests.push({ chatId, userIds: ids(notices), finish: () => (fail ? reject(new Error("down")) : resolve()) });
    });
  return { requests, send };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("notice batcher", () => {
  it("sends a quiet chat's notice at once and what queued meanwhile together, in order, per chat", async () => {
    const transport = heldTransport();
    const tell = noticeBatcher(transport.send);
    const first = tell("chat-1", joined("a"));
    const later = [tell("chat-1", joined("b")), tell("chat-1", joined("c")), tell("chat-2", joined("x"))];
    await tick();
    expect(transport.requests.map((r) => [r.chatId, r.userIds])).toEqual([
      ["chat-1", ["a"]],
      ["chat-2", ["x"]],
    ]);
    transport.requests[0]!.finish();
    await first;
    await tick();
    expect(transport.requests[2]).toMatchObject({ chatId: "chat-1", userIds: ["b", "c"] });
    for (const r of transport.requests.slice(1)) r.finish();
    await Promise.all(later);
  });

  it("never puts more than the rooms accept in one request", async () => {
    const transport = heldTransport();
    const tell = noticeBatcher(transport.send);
    const all = [tell("chat-1", joined("first"))];
    for (let i = 0; i < MAX_NOTICES_PER_REQUEST + 5; i++) all.push(tell("chat-1", joined(`u${i}`)));
    await tick();
    transport.requests[0]!.finish();
    await tick();
    expect(transport.requests[1]!.userIds).toHaveLength(MAX_NOTICES_PER_REQUEST);
    transport.requests[1]!.finish();
    await tick();
    expect(transport.requests[2]!.userIds).toHaveLength(5);
    transport.requests[2]!.finish();
    await Promise.all(all);
  });

  it("fails every notice a failed request carried, so each caller can retry its own", async () => {
    const transport = heldTransport(true);
    const tell = noticeBatcher(transport.send);
    const first = tell("chat-1", joined("a"));
    const queued = [tell("chat-1", joined("b")), tell("chat-1", joined("c"))];
    await tick();
    transport.requests[0]!.finish();
    await expect(first).rejects.toThrow("down");
    await tick();
    transport.requests[1]!.finish();
    for (const p of queued) await expect(p).rejects.toThrow("down");
  });
});
