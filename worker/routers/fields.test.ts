/** Control characters other than newline and tab are refused in text, never stored cut short. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, profiles, projects, users } from "@db/schema";
import { createTestApp, rejection, type TestApp } from "@testing/harness";

const REFUSED = "Text may not contain control characters other than line breaks and tabs.";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "1000" });
});

describe("control characters", () => {
  it.each(["abc\u0000def", "\u0000", "bell\u0007", "escape\u001b[31m", "carriage\rreturn", "del\u007f", "c1\u0085"])(
    "refuse a display name %j at sign-up, storing no account",
    async (displayName) => {
      const before = await t.db.$count(users);
      const error = await rejection(
        t.browser().trpc.auth.signUp.mutate({ displayName, email: "nul@example.com", password: "secret1" }),
      );
      expect(error).toMatchObject({ status: 400, message: REFUSED });
      expect(await t.db.$count(users)).toBe(before);
    },
  );

  it("refuse a NUL in a project's title or in a list item, storing no project", async () => {
    const m = await t.member();
    const base = { title: "Compiler", category: "Web Development" };
    for (const input of [
      { ...base, title: "\u0000 hidden" },
      { ...base, description: "abc\u0000def" },
      { ...base, techStack: ["Rust\u0000"] },
    ]) {
      expect(await rejection(m.trpc.projects.create.mutate(input))).toMatchObject({ status: 400, message: REFUSED });
    }
    expect(await t.db.$count(projects, eq(projects.userId, m.me.id))).toBe(0);
  });

  it("refuse a NUL in a bio and leave the profile as it was", async () => {
    const m = await t.member("Unchanged");
    const error = await rejection(
      m.trpc.profiles.update.mutate({
        displayName: "Changed",
        bio: "abc\u0000def",
        age: null,
        developerType: null,
        experience: null,
        specialization: null,
        region: "United States",
        interestedProjects: [],
        skills: [],
      }),
    );
    expect(error).toMatchObject({ status: 400, message: REFUSED });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, m.me.id));
    expect(profile).toMatchObject({ displayName: "Unchanged", bio: null });
  });

  it("refuse a NUL in a contact message", async () => {
    const before = await t.db.$count(contactMessages);
    const error = await rejection(
      t.browser().trpc.contact.send.mutate({ email: "a@example.com", message: "hello\u0000world" }),
    );
    expect(error).toMatchObject({ status: 400, message: REFUSED });
    expect(await t.db.$count(contactMessages)).toBe(before);
  });

  it("keep line breaks and tabs, which text areas send", async () => {
    const m = await t.member();
    const { id } = await m.trpc.projects.create.mutate({
      title: "Lines",
      category: "Web Development",
      description: "first line\nsecond\tindented",
    });
    const [project] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(project!.description).toBe("first line\nsecond\tindented");
  });
});
