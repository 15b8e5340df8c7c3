import { inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "@db/schema";
import { createTestApp, rejection, type TestApp } from "@testing/harness";

let t: TestApp;
let visitorIp = 0;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  // Each test is a different visitor, so one test's sends do not count against the next.
  t.setClientIp(`198.51.100.${++visitorIp}`);
});

const send = (input: { name?: string; email: string; message: string }) => t.browser().trpc.contact.send.mutate(input);

describe("contact.send", () => {
  it("stores a visitor's message, trimmed, with their address and IP", async () => {
    await expect(
      send({ name: "  Grace ", email: " Grace@Example.com ", message: "  Do you offer team plans?  " }),
    ).resolves.toEqual({
      ok: true,
    });
    const rows = await t.db.select().from(contactMessages);
    expect(rows.at(-1)).toMatchObject({
      name: "Grace",
      email: "Grace@Example.com",
      message: "Do you offer team plans?",
      ip: `198.51.100.${visitorIp}`,
    });
  });

  it("takes the name as optional", async () => {
    await send({ email: "anon@example.com", message: "Hello" });
    await send({ name: "   ", email: "blank@example.com", message: "Hello" });
    const rows = await t.db
      .select()
      .from(contactMessages)
      .where(inArray(contactMessages.email, ["anon@example.com", "blank@example.com"]));
    expect(rows.map((row) => row.name)).toEqual([null, null]);
  });

  it.each([
    [{ email: "", message: "Hi" }, "Please enter your email address."],
    [{ email: "not-an-email", message: "Hi" }, "Please enter a valid email address."],
    [{ email: "a@example.com", message: "   " }, "Please enter a message."],
    [{ email: "a@example.com", message: "x".repeat(5001) }, "Message must be at most 5000 characters."],
    [{ name: "n".repeat(101), email: "a@example.com", message: "Hi" }, "Name must be at most 100 characters."],
  ])("refuses %j with a clear message and stores nothing", async (input, message) => {
    const before = await t.db.$count(contactMessages);
    expect(await rejection(send(input))).toMatchObject({ status: 400, message });
    expect(await t.db.$count(contactMessages)).toBe(before);
  });

  it("accepts 5 messages an hour from one IP, then refuses more without storing them", async () => {
    for (let i = 0; i < 5; i++) await send({ email: "busy@example.com", message: `Message ${i}` });
    const before = await t.db.$count(contactMessages);
    expect(await rejection(send({ email: "busy@example.com", message: "One too many" }))).toMatchObject({
      status: 429,
      message: "You have sent several messages already. Please try again in 60 minutes.",
    });
    expect(await t.db.$count(contactMessages)).toBe(before);

    // Another visitor is not affected.
    t.setClientIp("192.0.2.77");
    await expect(send({ email: "other@example.com", message: "Hello" })).resolves.toEqual({ ok: true });
  });

  it("does not count refused input against the limit", async () => {
    for (let i = 0; i < 10; i++) await rejection(send({ email: "typo", message: "Hi" }));
    await expect(send({ email: "fixed@example.com", message: "Hi" })).resolves.toEqual({ ok: true });
  });
});
