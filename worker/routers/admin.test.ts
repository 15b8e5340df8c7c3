import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_SUSPENDED } from "@core/safety-rules";
import { messages, moderationActions, projects, reports, sessions } from "@db/schema";
import { attachmentForm } from "@testing/forms";
import { procedures } from "@testing/calls";
import { createTestApp, rejection, TEST_ORIGIN, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";
import { latestVerificationLink } from "@testing/outbox";

const ADMIN = "moderator@example.com";
const LISTED_UNVERIFIED = "not-yet@example.com";
const LISTED_LATER = "later@example.com";

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_SIGNUP_PER_IP: "10000",
    ADMIN_EMAILS: ` ${ADMIN.toUpperCase()} ,${LISTED_UNVERIFIED},${LISTED_LATER}`,
  });
  admin = await t.member("Mo Derator", ADMIN);
  await verify(admin);
});

async function verify(m: TestMember) {
  const link = new URL(await latestVerificationLink(t.db.$client, m.email));
  await m.trpc.auth.verifyEmail.mutate({ token: link.searchParams.get("token")! });
}

/** A group's conversation in which a message from the reported member is reported. */
async function reportedMessage() {
  const [reporter, sender, witness] = [
    await t.member("Rita Reporter"),
    await t.member("Sid Sender"),
    await t.member("Wes Witness"),
  ];
  await befriend(reporter, sender);
  await befriend(reporter, witness);
  const { chatId } = await reporter.trpc.chats.createGroup.mutate({
    name: "Crew",
    memberIds: [sender.me.id, witness.me.id],
  });
  const texts = ["one", "two", "three (rude)", "four", "five", "six"];
  for (const [i, content] of texts.entries()) {
    await (i % 2 ? reporter : sender).trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
  }
  const [rude] = (await reporter.trpc.chats.messages.query({ chatId })).messages.filter((m) =>
    m.content.endsWith("(rude)"),
  );
  await reporter.trpc.safety.report.mutate({ target: { kind: "message", messageId: rude!.id }, reason: "harassment" });
  return { reporter, sender, witness, chatId, messageId: rude!.id, reportId: await reportIdFor(String(rude!.id)) };
}

async function reportIdFor(targetId: string) {
  const [row] = await t.db.select({ id: reports.id }).from(reports).where(eq(reports.targetId, targetId));
  return row!.id;
}

const auditRows = (memberId: string) =>
  t.db.select().from(moderationActions).where(eq(moderationActions.memberId, memberId)).orderBy(moderationActions.id);

/** The status and body a browser gets for a tRPC path, by GET (queries) or POST (mutations). */
async function answer(browser: Pick<TestMember, "request">, path: string, method: "GET" | "POST") {
  const url = `${TEST_ORIGIN}/api/trpc/${path}${method === "GET" ? `?input=${encodeURIComponent('{"json":{}}')}` : ""}`;
  const response = await browser.request(url, {
    method,
    ...(method === "POST" ? { headers: { "Content-Type": "application/json" }, body: '{"json":{}}' } : {}),
  });
  return { status: response.status, body: (await response.text()).replaceAll(path, "<path>") };
}

describe("who may use the desk", () => {
  const adminPaths = Object.keys(procedures).filter((path) => path.startsWith("admin."));

  it("exists for no one else: every admin path, by either method, answers as a path that does not exist", async () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(6);
    const member = await t.member("Curious Member");
    const listedButUnverified = await t.member("Not Yet", LISTED_UNVERIFIED);
    for (const browser of [t.browser(), member, listedButUnverified]) {
      for (const method of ["GET", "POST"] as const) {
        const unknown = await answer(browser, "admin.noSuchThing", method);
        expect(unknown.status).toBe(404);
        for (const path of adminPaths) expect(await answer(browser, path, method), path).toEqual(unknown);
      }
    }
  });

  it("opens to a listed address once it is verified (the list's case and spaces aside)", async () => {
    const later = await t.member("Later Admin", LISTED_LATER);
    expect(await rejection(later.trpc.admin.auditLog.query({}))).toMatchObject({ code: "NOT_FOUND", status: 404 });
    await verify(later);
    expect(await later.trpc.admin.auditLog.query({})).toMatchObject({ items: expect.any(Array) });
    expect(await admin.trpc.admin.reports.query({})).toMatchObject({ items: expect.any(Array) });
  });
});

describe("the reports", () => {
  it("lists open reports newest first, each in context, with its reporter and the count against the member", async () => {
    const { reporter, sender, chatId, messageId } = await reportedMessage();
    const { id: projectId } = await sender.trpc.projects.create.mutate({ title: "Cheap watches", category: "Other" });
    await reporter.trpc.safety.report.mutate({ target: { kind: "project", projectId }, reason: "spam" });
    await reporter.trpc.safety.report.mutate({
      target: { kind: "member", memberId: sender.me.id },
      reason: "impersonation",
      details: "Pretends to be me",
    });

    const { items } = await admin.trpc.admin.reports.query({ status: "open" });
    const mine = items.filter((r) => r.reporter.id === reporter.me.id);
    expect(mine.map((r) => r.targetKind)).toEqual(["member", "project", "message"]);
    const [member, project, message] = mine;
    expect(member).toMatchObject({
      reason: "impersonation",
      details: "Pretends to be me",
      reporter: { name: "Rita Reporter", email: reporter.email },
      member: { id: sender.me.id, name: "Sid Sender", email: sender.email, suspended: false, reports: 3 },
      context: { kind: "member", profile: { bio: null } },
    });
    expect(project).toMatchObject({
      excerpt: "Cheap watches",
      context: { kind: "project", project: { id: projectId, title: "Cheap watches", status: "open" } },
    });
    expect(message!.context).toMatchObject({ kind: "message", chat: { id: chatId, title: "Crew", isGroup: true } });
    const around = message!.context?.kind === "message" ? message!.context.messages : [];
    expect(around.map((m) => [m.content, m.senderName, m.reported])).toEqual([
      ["one", "Sid Sender", false],
      ["two", "Rita Reporter", false],
      ["three (rude)", "Sid Sender", true],
      ["four", "Rita Reporter", false],
      ["five", "Sid Sender", false],
    ]);
    expect(around.find((m) => m.reported)!.id).toBe(messageId);
  });

  it("shows a deleted message around a report as deleted, and a message's files by name", async () => {
    const [reporter, sender] = [await t.member("Fay Filer"), await t.member("Del Deleter")];
    await befriend(reporter, sender);
    const { chatId } = await reporter.trpc.chats.createGroup.mutate({ name: "Files", memberIds: [sender.me.id] });
    const send = (m: TestMember, content: string, attachmentIds?: string[]) =>
      m.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content, attachmentIds });
    const files = [];
    for (const name of ["plan.pdf", "notes.pdf"]) {
      const pdf = attachmentForm(chatId, new TextEncoder().encode("%PDF-1.7\n"), name, "application/pdf");
      files.push((await sender.trpc.attachments.upload.mutate(pdf)).id);
    }
    const withFiles = await send(sender, "The plan", files);
    const deleted = await send(sender, "Oops, wrong chat");
    await sender.trpc.messages.remove.mutate({ chatId, messageId: deleted.id });
    const rude = await send(sender, "You are all fools");
    await reporter.trpc.safety.report.mutate({ target: { kind: "message", messageId: rude.id }, reason: "harassment" });

    const { items } = await admin.trpc.admin.reports.query({ status: "open" });
    const context = items.find((r) => r.targetId === String(rude.id))!.context;
    const around = context?.kind === "message" ? context.messages : [];
    expect(around.filter((m) => m.senderId === sender.me.id).map((m) => [m.id, m.content, m.deleted, m.files])).toEqual(
      [
        [withFiles.id, "The plan", false, ["plan.pdf", "notes.pdf"]],
        [deleted.id, "", true, []],
        [rude.id, "You are all fools", false, []],
      ],
    );
  });

  it("pages ten at a time, newest first", async () => {
    const reporter = await t.member("Busy Reporter");
    const reported = [];
    for (let i = 0; i < 10; i++) {
      const m = await t.member(`Paged ${i}`);
      await reporter.trpc.safety.report.mutate({ target: { kind: "member", memberId: m.me.id }, reason: "spam" });
      reported.push(m.me.id);
    }
    const first = await admin.trpc.admin.reports.query({});
    expect(first.items.map((r) => r.member.id)).toEqual([...reported].reverse());
    const second = await admin.trpc.admin.reports.query({ cursor: first.nextCursor });
    expect(second.items.map((r) => r.member.id)).not.toContain(reported[0]);
    expect(second.items.length).toBeGreaterThan(0);
  }, 60_000);
});

describe("actions, each in the audit log", () => {
  it("dismisses a report once, with who, what, when and why", async () => {
    const { sender, reportId } = await reportedMessage();
    const before = Date.now();
    expect(await admin.trpc.admin.dismiss.mutate({ reportId, reason: "  Banter between friends  " })).toEqual({
      reportId,
    });
    const [report] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(report).toMatchObject({ status: "dismissed" });
    const [row, ...more] = await auditRows(sender.me.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      adminId: admin.me.id,
      adminEmail: ADMIN,
      action: "dismiss",
      reportId,
      memberId: sender.me.id,
      reason: "Banter between friends",
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await rejection(admin.trpc.admin.dismiss.mutate({ reportId, reason: "Again" }))).toMatchObject({
      code: "CONFLICT",
      message: "This report has already been handled.",
    });
    expect(await auditRows(sender.me.id)).toHaveLength(1);
    expect(await rejection(admin.trpc.admin.dismiss.mutate({ reportId, reason: "  " }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Please say why.",
    });
  });

  it("removes a reported message: it keeps its place and reads 'Removed by a moderator'", async () => {
    const { reporter, sender, witness, chatId, messageId, reportId } = await reportedMessage();
    // A second report of the same message, settled with the first.
    await witness.trpc.safety.report.mutate({ target: { kind: "message", messageId }, reason: "spam" });
    expect(await admin.trpc.admin.removeContent.mutate({ reportId, reason: "Insults" })).toEqual({
      kind: "message",
      targetId: String(messageId),
    });
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, messageId));
    expect(stored).toMatchObject({ messageType: "removed", content: "" });
    const seen = (await reporter.trpc.chats.messages.query({ chatId })).messages.find((m) => m.id === messageId);
    expect(seen).toMatchObject({ messageType: "removed", content: "" });
    const statuses = await t.db
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.targetId, String(messageId)));
    expect(statuses).toEqual([{ status: "actioned" }, { status: "actioned" }]);
    expect(await auditRows(sender.me.id)).toMatchObject([
      { action: "remove_message", reportId, targetId: String(messageId), reason: "Insults" },
    ]);
    expect(await rejection(admin.trpc.admin.removeContent.mutate({ reportId, reason: "Again" }))).toMatchObject({
      code: "CONFLICT",
      message: "This content has already been removed.",
    });
    expect(await auditRows(sender.me.id)).toHaveLength(1);
    // The desk still shows what was said, from the report.
    const { items } = await admin.trpc.admin.reports.query({ status: "actioned" });
    expect(items.find((r) => r.id === reportId)).toMatchObject({ excerpt: "three (rude)" });
  });

  it("removes a reported project; a profile cannot be removed, only its member suspended", async () => {
    const [reporter, owner] = [await t.member("Pat Reporter"), await t.member("Olga Owner")];
    const { id: projectId } = await owner.trpc.projects.create.mutate({ title: "Scam", category: "Other" });
    await reporter.trpc.safety.report.mutate({ target: { kind: "project", projectId }, reason: "spam" });
    await reporter.trpc.safety.report.mutate({ target: { kind: "member", memberId: owner.me.id }, reason: "spam" });
    await admin.trpc.admin.removeContent.mutate({ reportId: await reportIdFor(projectId), reason: "A scam" });
    expect(await t.db.select().from(projects).where(eq(projects.id, projectId))).toEqual([]);
    expect(await auditRows(owner.me.id)).toMatchObject([{ action: "remove_project", targetId: projectId }]);
    expect(
      await rejection(
        admin.trpc.admin.removeContent.mutate({ reportId: await reportIdFor(owner.me.id), reason: "Profile" }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST", message: "Only a reported message or project can be removed." });
  });

  it("suspends a member: every session ends at once, sign-in says so, their projects leave the lists", async () => {
    const [member, teammate] = [await t.member("Sue Spender"), await t.member("Tim Teammate")];
    const laptop = t.browser();
    await laptop.trpc.auth.signIn.mutate({ email: member.email, password: member.password });
    const { id: projectId } = await member.trpc.projects.create.mutate({
      title: "Zebra crossing",
      category: "IoT",
      techStack: ["Zebralang"],
    });
    // A member whose skills the project needs: it is suggested to them on the dashboard.
    const skilled = await t.member("Vi Skilled");
    await skilled.trpc.profiles.update.mutate({
      displayName: "Vi Skilled",
      bio: null,
      age: null,
      developerType: null,
      experience: null,
      specialization: null,
      region: "United States",
      interestedProjects: [],
      skills: ["Zebralang"],
    });
    const request = await teammate.trpc.joinRequests.request.mutate({ projectId });
    await member.trpc.joinRequests.accept.mutate({ requestId: request.id });
    const reporter = await t.member("Rae Reporter");
    await reporter.trpc.safety.report.mutate({ target: { kind: "member", memberId: member.me.id }, reason: "spam" });
    const reportId = await reportIdFor(member.me.id);
    const listed = async () =>
      [
        ...(await teammate.trpc.projects.list.query({})).items,
        ...(await teammate.trpc.projects.list.query({ search: "Zebra" })).items,
        ...(await teammate.trpc.projects.list.query({ ownerId: member.me.id })).items,
        ...(await teammate.trpc.projects.list.query({ joined: true })).items,
        ...(await teammate.trpc.projects.recent.query()),
        ...(await skilled.trpc.suggestions.projects.query()),
      ].filter((p) => p.id === projectId).length;
    expect(await listed()).toBe(6);

    await admin.trpc.admin.suspend.mutate({ memberId: member.me.id, reason: "Spam wave", reportId });
    for (const device of [member, laptop]) {
      expect(await rejection(device.trpc.projects.myStats.query())).toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.me.id))).toEqual([]);
    expect(
      await rejection(t.browser().trpc.auth.signIn.mutate({ email: member.email, password: member.password })),
    ).toMatchObject({ code: "FORBIDDEN", message: ACCOUNT_SUSPENDED });
    // Only to whoever knows the password.
    expect(
      await rejection(t.browser().trpc.auth.signIn.mutate({ email: member.email, password: "wrong password" })),
    ).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringContaining("Invalid email or password") });
    expect(await listed()).toBe(0);
    const [report] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(report).toMatchObject({ status: "actioned" });
    expect(
      (await admin.trpc.admin.reports.query({ status: "actioned" })).items.find((r) => r.id === reportId),
    ).toMatchObject({ member: { suspended: true } });
    expect(await rejection(admin.trpc.admin.suspend.mutate({ memberId: member.me.id, reason: "Twice" }))).toMatchObject(
      {
        code: "CONFLICT",
        message: "This member is already suspended.",
      },
    );

    await admin.trpc.admin.reinstate.mutate({ memberId: member.me.id, reason: "Appeal accepted" });
    await t.browser().trpc.auth.signIn.mutate({ email: member.email, password: member.password });
    expect(await listed()).toBe(6);
    expect((await auditRows(member.me.id)).map((r) => [r.action, r.reason, r.adminEmail, r.reportId])).toEqual([
      ["suspend", "Spam wave", ADMIN, reportId],
      ["reinstate", "Appeal accepted", ADMIN, null],
    ]);
    expect(
      await rejection(admin.trpc.admin.reinstate.mutate({ memberId: member.me.id, reason: "Again" })),
    ).toMatchObject({ code: "CONFLICT", message: "This member is not suspended." });
  });

  it("refuses a session that a sign-in racing the suspension stored after it", async () => {
    const member = await t.member("Racing Ray");
    await admin.trpc.admin.suspend.mutate({ memberId: member.me.id, reason: "Spam" });
    const late = t.browser();
    // The session a sign-in that had checked the account a moment before the suspension would store.
    await t.db.insert(sessions).values({
      id: "late-session-id-000000000000000000000000",
      userId: member.me.id,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      createdAt: Date.now(),
    });
    late.cookies.set("crewboard_session", "late-session-id-000000000000000000000000");
    expect(await late.trpc.auth.me.query()).toBeNull();
  });

  it("shows the audit log newest first, with who, what, when and why", async () => {
    const member = await t.member("Logged Lou");
    await admin.trpc.admin.suspend.mutate({ memberId: member.me.id, reason: "First" });
    await admin.trpc.admin.reinstate.mutate({ memberId: member.me.id, reason: "Second" });
    const { items } = await admin.trpc.admin.auditLog.query({});
    expect(items.slice(0, 2)).toMatchObject([
      { action: "reinstate", reason: "Second", adminEmail: ADMIN, member: { id: member.me.id, name: "Logged Lou" } },
      { action: "suspend", reason: "First", adminEmail: ADMIN, member: { id: member.me.id } },
    ]);
    expect(items[0]!.createdAt).toBeInstanceOf(Date);
  });
});
