import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import PartySocket from "partysocket";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { signRoomToken } from "./token";

const SECRET = "realtime-test-secret";
let port = 0;
let party: ChildProcess;

function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (await fetch(url).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("partykit dev did not start");
}

beforeAll(async () => {
  port = await freePort();
  party = spawn(
    "node_modules/.bin/partykit",
    ["dev", "--port", String(port), "--persist", "false", "--disable-request-cf-fetch", "--no-hotkeys", "--var", `PARTY_SECRET=${SECRET}`],
    { stdio: "ignore", detached: true },
  );
  await waitUntilUp(`http://127.0.0.1:${port}/parties/main/probe`);
});

afterAll(() => {
  if (party.pid) process.kill(-party.pid, "SIGTERM");
});

const roomUrl = (chatId: string) => `http://127.0.0.1:${port}/parties/main/${chatId}`;

function connect(chatId: string, token: string) {
  const socket = new PartySocket({
    host: `127.0.0.1:${port}`,
    room: chatId,
    query: { token },
    WebSocket,
    maxRetries: 0,
  });
  const received: string[] = [];
  socket.addEventListener("message", (event) => received.push(String(event.data)));
  const opened = new Promise<void>((resolve) => socket.addEventListener("open", () => resolve(), { once: true }));
  return { socket, received, opened };
}

function rejectedStatus(chatId: string, token: string) {
  return new Promise<number>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/parties/main/${chatId}?token=${encodeURIComponent(token)}`);
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("open", () => {
      ws.close();
      resolve(101);
    });
  });
}

async function eventually(check: () => void, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe("chat room", () => {
  it("relays a broadcast from the API to every member's socket in that room only", async () => {
    const ada = connect("chat-1", await signRoomToken(SECRET, "ada", "chat-1"));
    const bob = connect("chat-1", await signRoomToken(SECRET, "bob", "chat-1"));
    const other = connect("chat-2", await signRoomToken(SECRET, "eve", "chat-2"));
    await Promise.all([ada.opened, bob.opened, other.opened]);

    const response = await fetch(roomUrl("chat-1"), {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ type: "message", content: "hello" }),
    });
    expect(response.status).toBe(204);
    await eventually(() => {
      expect(ada.received).toEqual([JSON.stringify({ type: "message", content: "hello" })]);
      expect(bob.received).toHaveLength(1);
    });
    expect(other.received).toEqual([]);
    for (const s of [ada, bob, other]) s.socket.close();
  });

  it("refuses a broadcast without the shared secret", async () => {
    const response = await fetch(roomUrl("chat-1"), { method: "POST", body: "forged" });
    expect(response.status).toBe(401);
  });

  it("refuses sockets with a forged, expired or other-room ticket", async () => {
    const valid = await signRoomToken(SECRET, "ada", "chat-1");
    expect(await rejectedStatus("chat-1", valid)).toBe(101);
    expect(await rejectedStatus("chat-1", await signRoomToken("wrong-secret", "ada", "chat-1"))).toBe(401);
    expect(await rejectedStatus("chat-1", await signRoomToken(SECRET, "ada", "chat-1", Date.now() - 10 * 60_000))).toBe(401);
    expect(await rejectedStatus("chat-2", valid)).toBe(401);
    expect(await rejectedStatus("chat-1", "")).toBe(401);
  });
});
