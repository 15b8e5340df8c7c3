/** Settings → Account and security: changing the password and the address, and Google sign-in. */
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_TAKEN,
  GOOGLE_NOT_LINKED,
  INVALID_EMAIL_CHANGE_LINK,
  SAME_EMAIL,
  UNLINK_NEEDS_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from "@core/auth-messages";
import { accountTokens, outbox, profiles, sessions, users } from "@db/schema";
import { createTestApp, rejection, TEST_ORIGIN, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "1000", RATE_LIMIT_SIGNIN_PER_IP: "1000" });
});

const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 6)}@example.com`;

async function latestMail(to: string) {
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return mail ?? null;
}

const signIn = (email: string, password: string) => t.browser().trpc.auth.signIn.mutate({ email, password });

/** The member as Google alone signed them up: no password. */
async function googleOnly(m: TestMember) {
  await t.db
    .update(users)
    .set({ passwordHash: null, googleId: `google-${m.me.id}` })
    .where(eq(users.id, m.me.id));
}

describe("changing the password", () => {
  it("needs the current password, and a wrong one changes nothing", async () => {
    const m = await t.member();
    for (const currentPassword of ["not it", undefined]) {
      expect(
        await rejection(m.trpc.credentials.changePassword.mutate({ currentPassword, newPassword: "new secret" })),
      ).toEqual({ message: WRONG_CURRENT_PASSWORD, code: "BAD_REQUEST", status: 400 });
    }
    expect((await signIn(m.email, m.password)).id).toBe(m.me.id);
    // A refusal is not a sign-out: the member stays on the page.
    expect(await m.trpc.auth.me.query()).toMatchObject({ id: m.me.id });
  });

  it("signs out every other session, keeps this browser signed in, and tells the member by e-mail", async () => {
    const m = await t.member();
    const phone = t.browser();
    await phone.trpc.auth.signIn.mutate({ email: m.email, password: m.password });
    const oldCookie = m.cookies.get("crewboard_session");

    expect(
      await m.trpc.credentials.changePassword.mutate({ currentPassword: m.password, newPassword: "a new secret" }),
    ).toEqual({ changed: true });
    expect(await phone.trpc.auth.me.query()).toBeNull();
    expect(await m.trpc.auth.me.query()).toMatchObject({ id: m.me.id });
    // This browser got a new session too: the old cookie opens nothing.
    expect(m.cookies.get("crewboard_session")).not.toBe(oldCookie);
    expect(await t.db.$count(sessions, eq(sessions.userId, m.me.id))).toBe(1);

    expect(await rejection(signIn(m.email, m.password))).toMatchObject({ status: 401 });
    expect((await signIn(m.email, "a new secret")).id).toBe(m.me.id);
    expect(await latestMail(m.email)).toMatchObject({ subject: "Your Crewboard password was changed" });
  });

  it("holds the new password to sign-up's rules", async () => {
    const m = await t.member();
    expect(
      await rejection(m.trpc.credentials.changePassword.mutate({ currentPassword: m.password, newPassword: "abc" })),
    ).toMatchObject({ message: "Password must be at least 6 characters long.", status: 400 });
  });

  it("limits wrong current passwords per member", async () => {
    const m = await t.member();
    for (let i = 0; i < 5; i++) {
      await rejection(
        m.trpc.credentials.changePassword.mutate({ currentPassword: `guess ${i}`, newPassword: "x".repeat(8) }),
      );
    }
    const locked = await rejection(
      m.trpc.credentials.changePassword.mutate({ currentPassword: m.password, newPassword: "x".repeat(8) }),
    );
    expect(locked).toMatchObject({ status: 429 });
    expect(locked.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
  });

  it("lets an account Google signed up set a password without one, and then sign in with it", async () => {
    const m = await t.member();
    await googleOnly(m);
    expect(await m.trpc.credentials.overview.query()).toMatchObject({ hasPassword: false, google: true });
    await m.trpc.credentials.changePassword.mutate({ newPassword: "chosen now" });
    expect(await m.trpc.credentials.overview.query()).toMatchObject({ hasPassword: true, google: true });
    expect((await signIn(m.email, "chosen now")).id).toBe(m.me.id);
  });

  it("stops an older reset link from working", async () => {
    const m = await t.member();
    await t.browser().trpc.auth.requestPasswordReset.mutate({ email: m.email });
    const token = new URL((await latestMail(m.email))!.body.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    await m.trpc.credentials.changePassword.mutate({ currentPassword: m.password, newPassword: "changed it" });
    expect(
      await rejection(t.browser().trpc.auth.resetPassword.mutate({ token, password: "through the link" })),
    ).toMatchObject({ status: 400 });
  });
});

describe("changing the e-mail address", () => {
  async function confirmationToken(to: string) {
    const mail = await latestMail(to);
    expect(mail?.subject).toBe("Confirm your new Crewboard e-mail address");
    const link = new URL(mail!.body.match(/https?:\/\/\S+\/auth\/confirm-email\S+/)![0]);
    expect(link.origin).toBe(TEST_ORIGIN);
    return link.searchParams.get("token")!;
  }

  it("keeps the old address until the new one is confirmed by its link, then tells the old one", async () => {
    const m = await t.member();
    const newEmail = address("moved");
    expect(
      await m.trpc.credentials.requestEmailChange.mutate({
        newEmail: newEmail.toUpperCase(),
        currentPassword: m.password,
      }),
    ).toEqual({ pendingEmail: newEmail });
    expect(await m.trpc.credentials.overview.query()).toMatchObject({ email: m.email, pendingEmail: newEmail });
    expect(await m.trpc.auth.me.query()).toMatchObject({ email: m.email });

    // Opened on another device, signed out: the link alone proves the address.
    const elsewhere = t.browser();
    expect(
      await elsewhere.trpc.credentials.confirmEmailChange.mutate({ token: await confirmationToken(newEmail) }),
    ).toEqual({ email: newEmail });
    expect(elsewhere.cookies.has("crewboard_session")).toBe(false);
    expect(await m.trpc.auth.me.query()).toMatchObject({ email: newEmail, emailVerified: true });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, m.me.id));
    expect(profile!.email).toBe(newEmail);
    expect(await latestMail(m.email)).toMatchObject({ subject: "Your Crewboard e-mail address was changed" });
    expect((await latestMail(m.email))!.body).toContain(newEmail);

    expect((await signIn(newEmail, m.password)).id).toBe(m.me.id);
    expect(await rejection(signIn(m.email, m.password))).toMatchObject({ status: 401 });
    expect(await m.trpc.credentials.overview.query()).toMatchObject({ pendingEmail: null });
  });

  it("works once, and not after its hour", async () => {
    const m = await t.member();
    const first = address("first");
    await m.trpc.credentials.requestEmailChange.mutate({ newEmail: first, currentPassword: m.password });
    const token = await confirmationToken(first);
    await t.browser().trpc.credentials.confirmEmailChange.mutate({ token });
    expect(await rejection(t.browser().trpc.credentials.confirmEmailChange.mutate({ token }))).toEqual({
      message: INVALID_EMAIL_CHANGE_LINK,
      code: "BAD_REQUEST",
      status: 400,
    });

    const late = address("late");
    await m.trpc.credentials.requestEmailChange.mutate({ newEmail: late, currentPassword: m.password });
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.newEmail, late));
    expect(
      await rejection(t.browser().trpc.credentials.confirmEmailChange.mutate({ token: await confirmationToken(late) })),
    ).toMatchObject({ message: INVALID_EMAIL_CHANGE_LINK });
    expect(await m.trpc.auth.me.query()).toMatchObject({ email: first });
  });

  it("only the newest link works", async () => {
    const m = await t.member();
    const [older, newer] = [address("older"), address("newer")];
    await m.trpc.credentials.requestEmailChange.mutate({ newEmail: older, currentPassword: m.password });
    await m.trpc.credentials.requestEmailChange.mutate({ newEmail: newer, currentPassword: m.password });
    expect(
      await rejection(
        t.browser().trpc.credentials.confirmEmailChange.mutate({ token: await confirmationToken(older) }),
      ),
    ).toMatchObject({ message: INVALID_EMAIL_CHANGE_LINK });
    await t.browser().trpc.credentials.confirmEmailChange.mutate({ token: await confirmationToken(newer) });
    expect(await m.trpc.auth.me.query()).toMatchObject({ email: newer });
  });

  it("needs the current password, and refuses the address the member already has", async () => {
    const m = await t.member();
    expect(
      await rejection(
        m.trpc.credentials.requestEmailChange.mutate({ newEmail: address("x"), currentPassword: "nope" }),
      ),
    ).toMatchObject({ message: WRONG_CURRENT_PASSWORD, status: 400 });
    expect(
      await rejection(
        m.trpc.credentials.requestEmailChange.mutate({ newEmail: m.email.toUpperCase(), currentPassword: m.password }),
      ),
    ).toMatchObject({ message: SAME_EMAIL, status: 400 });
    expect(await t.db.$count(accountTokens, eq(accountTokens.userId, m.me.id))).toBe(0);
  });

  it("refuses another account's address, whatever its case", async () => {
    const m = await t.member();
    const other = await t.member("Other", address("taken"));
    expect(
      await rejection(
        m.trpc.credentials.requestEmailChange.mutate({
          newEmail: other.email.toUpperCase(),
          currentPassword: m.password,
        }),
      ),
    ).toEqual({ message: EMAIL_TAKEN, code: "CONFLICT", status: 409 });
  });

  it("lets the database decide when another account takes the address before the link is opened", async () => {
    const m = await t.member();
    const wanted = address("contested");
    await m.trpc.credentials.requestEmailChange.mutate({ newEmail: wanted, currentPassword: m.password });
    const token = await confirmationToken(wanted);
    // Someone signs up with the address in other letters meanwhile.
    await t
      .browser()
      .trpc.auth.signUp.mutate({ displayName: "Quick", email: wanted.toUpperCase(), password: "quick one" });

    expect(await rejection(t.browser().trpc.credentials.confirmEmailChange.mutate({ token }))).toEqual({
      message: EMAIL_TAKEN,
      code: "CONFLICT",
      status: 409,
    });
    expect(await m.trpc.auth.me.query()).toMatchObject({ email: m.email });
    // Nothing of the batch stayed: no notice to the old address, the link not spent.
    expect(await latestMail(m.email)).toMatchObject({ subject: "Confirm your Crewboard e-mail address" });
    const [row] = await t.db.select().from(accountTokens).where(eq(accountTokens.newEmail, wanted));
    expect(row!.usedAt).toBeNull();
  });

  it("asks a Google-only account for no password", async () => {
    const m = await t.member();
    await googleOnly(m);
    const newEmail = address("google");
    expect(await m.trpc.credentials.requestEmailChange.mutate({ newEmail })).toEqual({ pendingEmail: newEmail });
  });
});

describe("connected sign-in", () => {
  it("unlinks Google only while a password can still sign in", async () => {
    const m = await t.member();
    expect(await rejection(m.trpc.credentials.unlinkGoogle.mutate())).toMatchObject({
      message: GOOGLE_NOT_LINKED,
      status: 400,
    });
    await googleOnly(m);
    expect(await rejection(m.trpc.credentials.unlinkGoogle.mutate())).toMatchObject({
      message: UNLINK_NEEDS_PASSWORD,
      status: 400,
    });
    await m.trpc.credentials.changePassword.mutate({ newPassword: "my own now" });
    expect(await m.trpc.credentials.unlinkGoogle.mutate()).toEqual({ google: false });
    expect(await m.trpc.credentials.overview.query()).toMatchObject({ hasPassword: true, google: false });
    const [user] = await t.db.select().from(users).where(eq(users.id, m.me.id));
    expect(user!.googleId).toBeNull();
  });
});
