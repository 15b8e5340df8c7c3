/** Sudo mode at the moderation desk: removing, suspending and reinstating need a recent password. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_PASSWORD, SUDO_WINDOW_MS, WRONG_CURRENT_PASSWORD } from "@core/auth-messages";
import { moderationActions, projects, reports, sessions, users } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { latestVerificationLink } from "@testing/outbox";

const ADMIN = "sudo-moderator@example.com";
const SIGN_IN_FAILURES = 3;
const ELEVEN_MINUTES = 11 * 60 * 1000;

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_SIGNUP_PER_IP: "10000",
    RATE_LIMIT_SIGNIN_PER_EMAIL: String(SIGN_IN_FAILURES),
    ADMIN_EMAILS: ADMIN,
  });
  admin = await t.member("Mo Derator", ADMIN);
  const link = new URL(await latestVerificationLink(t.db.$client, ADMIN));
  await admin.trpc.auth.verifyEmail.mutate({ token: link.searchParams.get("token")! });
});

/** The administrator's sessions last proved the password eleven minutes ago. */
const proofGoesStale = () =>
  t.db
    .update(sessions)
    .set({ passwordConfirmedAt: Date.now() - ELEVEN_MINUTES })
    .where(eq(sessions.userId, admin.me.id));

const proofTimes = async (userId: string) =>
  (await t.db.select({ at: sessions.passwordConfirmedAt }).from(sessions).where(eq(sessions.userId, userId))).map(
    (row) => row.at,
  );

/** A member, one project of theirs and an open report of it. */
async function reportedProject() {
  const [reporter, owner] = [await t.member("Rita Reporter"), await t.member("Sid Spammer")];
  const { id: projectId } = await owner.trpc.projects.create.mutate({ title: "Cheap watches", category: "Other" });
  await reporter.trpc.safety.report.mutate({ target: { kind: "project", projectId }, reason: "spam" });
  const [report] = await t.db.select().from(reports).where(eq(reports.targetId, projectId));
  return { owner, projectId, reportId: report!.id };
}

/** Everything the three actions could change, so a refusal can be shown to change none of it. */
async function desk(projectId: string, memberId: string, reportId: string) {
  return {
    project: await t.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)),
    suspendedAt: (await t.db.select().from(users).where(eq(users.id, memberId)))[0]!.suspendedAt,
    report: (await t.db.select({ status: reports.status }).from(reports).where(eq(reports.id, reportId)))[0],
    audit: await t.db.select().from(moderationActions).where(eq(moderationActions.memberId, memberId)),
  };
}

describe("sudo mode at the desk", () => {
  it("a sign-in by password is proof for ten minutes", async () => {
    const [before] = await proofTimes(admin.me.id);
    expect(Date.now() - before!).toBeLessThan(SUDO_WINDOW_MS);
    const { owner, reportId } = await reportedProject();
    await admin.trpc.admin.suspend.mutate({ memberId: owner.me.id, reason: "Spam", reportId });
    expect((await t.db.select().from(users).where(eq(users.id, owner.me.id)))[0]!.suspendedAt).not.toBeNull();
  });

  it("refuses each action when the proof is eleven minutes old, changing nothing, until the password is confirmed", async () => {
    const { owner, projectId, reportId } = await reportedProject();
    const suspended = await t.member("Already Suspended");
    await admin.trpc.admin.suspend.mutate({ memberId: suspended.me.id, reason: "Spam" });
    await proofGoesStale();

    const before = await desk(projectId, owner.me.id, reportId);
    const stillSuspended = await desk(projectId, suspended.me.id, reportId);
    const refused = { code: "PRECONDITION_FAILED", message: CONFIRM_PASSWORD };
    expect(await rejection(admin.trpc.admin.removeContent.mutate({ reportId, reason: "Spam" }))).toMatchObject(refused);
    expect(
      await rejection(admin.trpc.admin.suspend.mutate({ memberId: owner.me.id, reason: "Spam", reportId })),
    ).toMatchObject(refused);
    expect(
      await rejection(admin.trpc.admin.reinstate.mutate({ memberId: suspended.me.id, reason: "Appeal" })),
    ).toMatchObject(refused);
    expect(await desk(projectId, owner.me.id, reportId)).toEqual(before);
    expect(await desk(projectId, suspended.me.id, reportId)).toEqual(stillSuspended);
    // Dismissing changes nothing members see, so it needs no confirmation.
    const other = await reportedProject();
    await admin.trpc.admin.dismiss.mutate({ reportId: other.reportId, reason: "Fine" });

    expect(await admin.trpc.auth.confirmPassword.mutate({ password: admin.password })).toEqual({ confirmed: true });
    await admin.trpc.admin.removeContent.mutate({ reportId, reason: "Spam" });
    await admin.trpc.admin.suspend.mutate({ memberId: owner.me.id, reason: "Spam" });
    await admin.trpc.admin.reinstate.mutate({ memberId: suspended.me.id, reason: "Appeal" });
    expect(await t.db.select().from(projects).where(eq(projects.id, projectId))).toEqual([]);
    expect((await desk(projectId, owner.me.id, reportId)).suspendedAt).not.toBeNull();
    expect((await desk(projectId, suspended.me.id, reportId)).suspendedAt).toBeNull();
  });

  it("refuses a wrong password, keeps the old proof, and counts it as sign-in counts failures", async () => {
    t.setClientIp("203.0.113.45");
    const member = await t.member("Forgetful Admin-to-be");
    const [before] = await proofTimes(member.me.id);
    for (let i = 0; i < SIGN_IN_FAILURES; i++) {
      expect(await rejection(member.trpc.auth.confirmPassword.mutate({ password: "wrong horse" }))).toMatchObject({
        code: "BAD_REQUEST",
        message: WRONG_CURRENT_PASSWORD,
      });
    }
    expect(await proofTimes(member.me.id)).toEqual([before]);
    // The same counter as sign-in's: the right password now waits, here and at the sign-in form.
    const limited = { code: "TOO_MANY_REQUESTS" };
    expect(await rejection(member.trpc.auth.confirmPassword.mutate({ password: member.password }))).toMatchObject(
      limited,
    );
    expect(
      await rejection(t.browser().trpc.auth.signIn.mutate({ email: member.email, password: member.password })),
    ).toMatchObject(limited);
    expect(await proofTimes(member.me.id)).toEqual([before]);
  });

  it("confirms only the caller's own session: another account's password does nothing for anyone", async () => {
    t.setClientIp("203.0.113.46");
    await proofGoesStale();
    const [stale] = await proofTimes(admin.me.id);
    // Every test member's password is the same: a stranger sending it proves only their own.
    const stranger = await t.member("Stranger");
    await stranger.trpc.auth.confirmPassword.mutate({ password: admin.password });
    expect(await rejection(t.browser().trpc.auth.confirmPassword.mutate({ password: admin.password }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await proofTimes(admin.me.id)).toEqual([stale]);

    // The admin's second browser confirms; the first session stays unconfirmed.
    const second = t.browser();
    await second.trpc.auth.signIn.mutate({ email: ADMIN, password: admin.password });
    await proofGoesStale();
    await second.trpc.auth.confirmPassword.mutate({ password: admin.password });
    const member = await t.member("Target");
    expect(await rejection(admin.trpc.admin.suspend.mutate({ memberId: member.me.id, reason: "Spam" }))).toMatchObject({
      code: "PRECONDITION_FAILED",
    });
    await second.trpc.admin.suspend.mutate({ memberId: member.me.id, reason: "Spam" });
  });
});
