import type { inferRouterInputs } from "@trpc/server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  AVATAR_NOT_AN_IMAGE,
  AVATAR_REQUIRED,
  AVATAR_TOO_LARGE,
  MAX_AVATAR_BYTES,
  MAX_SKILL_LENGTH,
} from "@core/rules";
import { profiles } from "@db/schema";
import type { AppRouter } from ".";
import { avatarKeyOf } from "../storage/avatar-files";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";

type Inputs = inferRouterInputs<AppRouter>["profiles"];

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const GIF = bytes("GIF89a", [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x3b]);
const WEBP = bytes("RIFF", [26, 0, 0, 0], "WEBPVP8L", [13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function form(file: Blob | string | null, name = "avatar.png") {
  const data = new FormData();
  if (typeof file === "string") data.append("file", file);
  else if (file) data.append("file", file, name);
  return data;
}
const upload = (m: TestMember, content: Uint8Array<ArrayBuffer>, name: string, type = "") =>
  m.trpc.profiles.uploadAvatar.mutate(form(new Blob([content], { type }), name));

const profileOf = async (t: TestApp, id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

const settings: Inputs["update"] = {
  displayName: "Grace Hopper",
  bio: "Compilers, mostly.",
  age: 30,
  developerType: "Backend Developer",
  experience: "Expert (5+ years)",
  specialization: "Backend Development",
  region: "Canada",
  interestedProjects: ["Web Development", "Data Science"],
  skills: ["COBOL", "Fortran"],
};

const onboarding: Inputs["completeOnboarding"] = {
  displayName: "Grace",
  bio: "",
  developerType: "Full Stack Developer",
  experience: "Beginner (0-1 years)",
  specialization: null,
  region: "United States",
  interestedProjects: ["Mobile Apps"],
};

let t: TestApp;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "1000" });
  ada = await t.member("Ada Lovelace");
  bob = await t.member("Bob Builder");
});

describe("profiles.me", () => {
  it("returns the member's own whole profile", async () => {
    expect(await ada.trpc.profiles.me.query()).toMatchObject({
      id: ada.me.id,
      email: ada.email,
      displayName: "Ada Lovelace",
      region: "United States",
      subscriptionStatus: "free",
    });
  });

  it("needs a signed-in member", async () => {
    expect(await rejection(t.browser().trpc.profiles.me.query())).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("profiles.update (settings)", () => {
  it("saves every field, trimming text and list items, dropping empty and repeated skills", async () => {
    const m = await t.member();
    const saved = await m.trpc.profiles.update.mutate({
      ...settings,
      displayName: "  Grace Hopper  ",
      bio: "  Compilers, mostly.  ",
      skills: [" COBOL ", "", "   ", "Fortran", "COBOL"],
      interestedProjects: ["Web Development", "Data Science", "Web Development"],
    });
    expect(saved).toMatchObject({ ...settings, skills: ["COBOL", "Fortran"] });
    expect(await profileOf(t, m.me.id)).toMatchObject(settings);
    // The top bar reads auth.me: it sees the new name at once.
    expect((await m.trpc.auth.me.query())?.profile?.displayName).toBe("Grace Hopper");
  });

  it("stores an empty age and an empty bio as nothing", async () => {
    const m = await t.member();
    await m.trpc.profiles.update.mutate(settings);
    const saved = await m.trpc.profiles.update.mutate({ ...settings, age: null, bio: "   ", specialization: null });
    expect(saved).toMatchObject({ age: null, bio: null, specialization: null });
  });

  it.each([
    ["an empty display name", { displayName: "   " }, "Please enter your display name."],
    ["a 51-character display name", { displayName: "x".repeat(51) }, "Display name must be at most 50 characters."],
    ["a 501-character bio", { bio: "x".repeat(501) }, "Bio must be at most 500 characters."],
    ["age 11", { age: 11 }, "Age must be a whole number from 12 to 60."],
    ["age 61", { age: 61 }, "Age must be a whole number from 12 to 60."],
    ["a fractional age", { age: 30.5 }, "Age must be a whole number from 12 to 60."],
    ["an unknown developer type", { developerType: "Wizard" }, "Please choose a developer type from the list."],
    ["an unknown experience level", { experience: "Ancient" }, "Please choose an experience level from the list."],
    ["an unknown specialization", { specialization: "Alchemy" }, "Please choose a specialization from the list."],
    ["an unknown region", { region: "Atlantis" }, "Please choose a region from the list."],
    ["an empty region", { region: "" }, "Please choose a region from the list."],
    [
      "an unknown project interest",
      { interestedProjects: ["Web Development", "Alchemy"] },
      "Please choose project interests from the list.",
    ],
    ["31 skills", { skills: Array.from({ length: 31 }, (_, i) => `skill ${i}`) }, "You can list at most 30 skills."],
    ["a 41-character skill", { skills: ["x".repeat(41)] }, "Each skill must be at most 40 characters."],
  ])("refuses %s with a clear message and writes nothing", async (_, change, message) => {
    const before = await profileOf(t, ada.me.id);
    const error = await rejection(ada.trpc.profiles.update.mutate({ ...settings, ...change } as typeof settings));
    expect(error).toMatchObject({ message, code: "BAD_REQUEST" });
    expect(await profileOf(t, ada.me.id)).toEqual(before);
  });

  it("accepts the bounds themselves: age 12 and 60, 50-character name, 500-character bio, 30 skills of 40", async () => {
    const m = await t.member();
    const skills = Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(40, "x"));
    await m.trpc.profiles.update.mutate({
      ...settings,
      age: 12,
      displayName: "n".repeat(50),
      bio: "b".repeat(500),
      skills,
    });
    expect(await m.trpc.profiles.update.mutate({ ...settings, age: 60, skills })).toMatchObject({ age: 60, skills });
  });

  it("changes only the caller's own profile, whatever id or subscription fields are sent", async () => {
    const before = await profileOf(t, bob.me.id);
    const m = await t.member();
    const sneaky = { ...settings, id: bob.me.id, email: bob.email, isPro: true, subscriptionStatus: "lifetime" };
    const saved = await m.trpc.profiles.update.mutate(sneaky);
    expect(saved).toMatchObject({ id: m.me.id, email: m.email, isPro: false, subscriptionStatus: "free" });
    expect(await profileOf(t, bob.me.id)).toEqual(before);
  });

  it("needs a signed-in member", async () => {
    expect(await rejection(t.browser().trpc.profiles.update.mutate(settings))).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("profiles.setSwitch (Settings' switches)", () => {
  it("saves the one switch turned and leaves the rest of the profile as it was", async () => {
    const m = await t.member();
    await m.trpc.profiles.update.mutate(settings);
    const before = await profileOf(t, m.me.id);
    expect(before).toMatchObject({ openToJoin: true, listedInSearch: true, sendReadReceipts: true });

    const saved = await m.trpc.profiles.setSwitch.mutate({ name: "listedInSearch", on: false });
    expect(saved).toMatchObject({ ...settings, openToJoin: true, listedInSearch: false, sendReadReceipts: true });
    await m.trpc.profiles.setSwitch.mutate({ name: "openToJoin", on: false });
    await m.trpc.profiles.setSwitch.mutate({ name: "sendReadReceipts", on: false });
    expect(await profileOf(t, m.me.id)).toEqual({
      ...before,
      openToJoin: false,
      listedInSearch: false,
      sendReadReceipts: false,
      updatedAt: expect.any(Date) as Date,
    });
  });

  it("refuses anything that is not one of the switches, or not on or off, and changes nothing", async () => {
    const m = await t.member();
    const before = await profileOf(t, m.me.id);
    const bad = [
      { name: "isPro", on: true },
      { name: "subscriptionStatus", on: true },
      { name: "openToJoin", on: "yes" },
      { name: "openToJoin" },
    ] as unknown as Inputs["setSwitch"][];
    for (const input of bad) {
      const error = await rejection(m.trpc.profiles.setSwitch.mutate(input));
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect(["There is no such setting.", "Please choose on or off."]).toContain(error.message);
    }
    expect(await profileOf(t, m.me.id)).toEqual(before);
  });

  it("needs a signed-in member", async () => {
    const error = await rejection(t.browser().trpc.profiles.setSwitch.mutate({ name: "openToJoin", on: false }));
    expect(error).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("profiles.completeOnboarding", () => {
  it("writes the whole onboarding in one go", async () => {
    const m = await t.member("Grace From Signup");
    const saved = await m.trpc.profiles.completeOnboarding.mutate({
      ...onboarding,
      bio: "Hello",
      specialization: "Mobile Development",
      region: "Kazakhstan",
      interestedProjects: ["Mobile Apps", "Blockchain"],
    });
    expect(await profileOf(t, m.me.id)).toMatchObject({
      displayName: "Grace",
      bio: "Hello",
      developerType: "Full Stack Developer",
      experience: "Beginner (0-1 years)",
      specialization: "Mobile Development",
      region: "Kazakhstan",
      interestedProjects: ["Mobile Apps", "Blockchain"],
    });
    expect(saved.id).toBe(m.me.id);
  });

  it("takes skills when given, trimmed and each once, under the same rules as Settings", async () => {
    const m = await t.member();
    await m.trpc.profiles.completeOnboarding.mutate({ ...onboarding, skills: [" Rust ", "Go", "Rust", ""] });
    expect((await profileOf(t, m.me.id)).skills).toEqual(["Rust", "Go"]);
    expect(
      await rejection(
        m.trpc.profiles.completeOnboarding.mutate({ ...onboarding, skills: ["x".repeat(MAX_SKILL_LENGTH + 1)] }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Each skill must be at most") });
  });

  it("keeps what onboarding does not ask for (age, skills, avatar)", async () => {
    const m = await t.member();
    await m.trpc.profiles.update.mutate(settings);
    await upload(m, PNG, "me.png");
    const { avatarUrl } = await profileOf(t, m.me.id);
    await m.trpc.profiles.completeOnboarding.mutate(onboarding);
    expect(await profileOf(t, m.me.id)).toMatchObject({ age: 30, skills: ["COBOL", "Fortran"], avatarUrl });
  });

  it.each([
    ["no display name", { displayName: "" }, "Please enter your display name."],
    ["no developer type", { developerType: undefined }, "Please choose a developer type from the list."],
    ["no experience level", { experience: undefined }, "Please choose an experience level from the list."],
    [
      "no interested project",
      { interestedProjects: [] },
      "Please choose at least one type of project you are interested in.",
    ],
    ["an unknown interest", { interestedProjects: ["Alchemy"] }, "Please choose project interests from the list."],
    ["an unknown region", { region: "Atlantis" }, "Please choose a region from the list."],
  ])("refuses %s with a clear message and writes nothing", async (_, change, message) => {
    const m = await t.member();
    const before = await profileOf(t, m.me.id);
    const error = await rejection(
      m.trpc.profiles.completeOnboarding.mutate({ ...onboarding, ...change } as typeof onboarding),
    );
    expect(error).toMatchObject({ message, code: "BAD_REQUEST" });
    expect(await profileOf(t, m.me.id)).toEqual(before);
  });
});

describe("profiles.byId", () => {
  it("shows another member only public fields: no e-mail, age or subscription", async () => {
    const m = await t.member();
    await m.trpc.profiles.update.mutate(settings);
    const seen = await bob.trpc.profiles.byId.query({ id: m.me.id });
    expect(seen).toMatchObject({
      id: m.me.id,
      displayName: "Grace Hopper",
      bio: "Compilers, mostly.",
      skills: ["COBOL", "Fortran"],
    });
    for (const hidden of ["email", "age", "isPro", "subscriptionStatus", "subscriptionExpiresAt"]) {
      expect(seen).not.toHaveProperty(hidden);
    }
    expect(JSON.stringify(seen)).not.toContain(m.email);
  });

  it("answers an unknown id with 'Profile not found.'", async () => {
    expect(await rejection(bob.trpc.profiles.byId.query({ id: "nobody" }))).toMatchObject({
      message: "Profile not found.",
      code: "NOT_FOUND",
    });
  });

  it("needs a signed-in member", async () => {
    expect(await rejection(t.browser().trpc.profiles.byId.query({ id: ada.me.id }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("profiles.uploadAvatar", () => {
  it.each([
    ["PNG", PNG, "image/png", "png"],
    ["JPEG", JPEG, "image/jpeg", "jpg"],
    ["GIF", GIF, "image/gif", "gif"],
    ["WebP", WEBP, "image/webp", "webp"],
  ])("stores a %s under the member's id and serves it with its type", async (_, content, contentType, extension) => {
    const m = await t.member();
    // The name and the browser's type say nothing true here: the bytes decide.
    const saved = await upload(m, content, "picture.bin", "application/octet-stream");
    expect(saved.avatarUrl).toMatch(new RegExp(`^/api/avatars/${m.me.id}-[a-f0-9]{16}\\.${extension}$`));
    expect((await profileOf(t, m.me.id)).avatarUrl).toBe(saved.avatarUrl);

    const res = await t.browser().request(saved.avatarUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(contentType);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(content);
  });

  it("shows the new avatar in auth.me and deletes the one it replaced", async () => {
    const m = await t.member();
    const first = (await upload(m, PNG, "a.png")).avatarUrl!;
    const deletes = vi.spyOn(t.avatars, "delete");
    const second = (await upload(m, GIF, "b.gif")).avatarUrl!;
    expect(deletes.mock.calls).toEqual([[avatarKeyOf(first)]]);
    deletes.mockRestore();
    expect(second).not.toBe(first);
    expect((await m.trpc.auth.me.query())?.profile?.avatarUrl).toBe(second);
    expect((await t.browser().request(first)).status).toBe(404);
    expect((await t.browser().request(second)).status).toBe(200);
  });

  it("leaves a picture hosted elsewhere (a Google photo) alone when replacing it", async () => {
    const m = await t.member();
    await t.db
      .update(profiles)
      .set({ avatarUrl: "https://lh3.googleusercontent.com/a/photo" })
      .where(eq(profiles.id, m.me.id));
    // A failed delete is only logged, so the upload's answer cannot tell whether one was tried.
    const deletes = vi.spyOn(t.avatars, "delete");
    expect((await upload(m, PNG, "a.png")).avatarUrl).toMatch(/^\/api\/avatars\//);
    expect(deletes).not.toHaveBeenCalled();
    deletes.mockRestore();
  });

  it.each([
    ["an SVG", SVG, "logo.svg", "image/svg+xml", AVATAR_NOT_AN_IMAGE],
    [
      "text named .png with an image type",
      bytes("just some text, not a picture"),
      "photo.png",
      "image/png",
      AVATAR_NOT_AN_IMAGE,
    ],
    ["a PDF", bytes("%PDF-1.7\n%âãÏÓ"), "cv.png", "image/png", AVATAR_NOT_AN_IMAGE],
    ["an empty file", new Uint8Array(0), "empty.png", "image/png", AVATAR_REQUIRED],
  ])("refuses %s and keeps the current avatar", async (_, content, name, type, message) => {
    const m = await t.member();
    const current = (await upload(m, PNG, "a.png")).avatarUrl;
    expect(await rejection(upload(m, content, name, type))).toMatchObject({ message, code: "BAD_REQUEST" });
    expect((await profileOf(t, m.me.id)).avatarUrl).toBe(current);
    expect((await t.browser().request(current!)).status).toBe(200);
  });

  it("refuses a file just over 2 MB", async () => {
    const big = new Uint8Array(MAX_AVATAR_BYTES + 1);
    big.set(PNG);
    const error = await rejection(upload(ada, big, "big.png", "image/png"));
    expect(error).toMatchObject({ message: AVATAR_TOO_LARGE });
    expect((await profileOf(t, ada.me.id)).avatarUrl).toBeNull();
  });

  it("refuses a far larger body before reading it, with the same message", async () => {
    const huge = new Uint8Array(3 * MAX_AVATAR_BYTES);
    huge.set(PNG);
    expect(await rejection(upload(ada, huge, "huge.png", "image/png"))).toMatchObject({
      message: AVATAR_TOO_LARGE,
      code: "PAYLOAD_TOO_LARGE",
      status: 413,
    });
    expect((await profileOf(t, ada.me.id)).avatarUrl).toBeNull();
  });

  it.each([
    ["no file part", form(null)],
    ["a text field instead of a file", form("not a file")],
  ])("answers %s with the spec's message", async (_, data) => {
    expect(await rejection(ada.trpc.profiles.uploadAvatar.mutate(data))).toMatchObject({ message: AVATAR_REQUIRED });
  });

  it("answers a JSON body instead of a form with the spec's message", async () => {
    const call = ada.trpc.profiles.uploadAvatar.mutate({ file: "x" } as unknown as FormData);
    expect(await rejection(call)).toMatchObject({ message: AVATAR_REQUIRED, code: "BAD_REQUEST" });
  });

  it("needs a signed-in member", async () => {
    const error = await rejection(t.browser().trpc.profiles.uploadAvatar.mutate(form(new Blob([PNG]))));
    expect(error).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("GET /api/avatars/{key}", () => {
  it.each([
    ["an unknown key", `/api/avatars/${"a".repeat(16)}-0123456789abcdef.png`],
    ["a malformed key", "/api/avatars/not-a-key"],
    ["a path escaping the folder", "/api/avatars/..%2Fapp.db"],
    ["the stored content-type file", `/api/avatars/${"a".repeat(16)}-0123456789abcdef.png.type`],
  ])("answers %s with 404", async (_, path) => {
    const response = await t.browser().request(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });
});
