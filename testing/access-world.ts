/**
 * The members and rows the access table's rules arrange their calls on (testing/access-table.ts),
 * and the app they are made against.
 */
import { and, desc, eq } from "drizzle-orm";
import { outbox } from "../db/schema";
import { befriend as makeFriends } from "./friends";
import { createTestApp, vapidEnv, type TestApp, type TestMember } from "./harness";
import { deviceKeys } from "./push-stand-in";
import {
  completedSession,
  signedDelivery,
  standInEnv,
  startStripeStandIn,
  stripeEvent,
  type StripeStandIn,
} from "./stripe-stand-in";

/**
 * Builds rows the way members do, through the procedures. Signing up costs a password hash, so
 * the owner, the side and the stranger are made once and reused wherever a call leaves them as
 * they were; `fresh()` is for calls that sign someone in or out or change their account.
 */
export function world(t: TestApp, stripe: StripeStandIn) {
  let made = 0;
  const fresh = () => t.member(`Member ${++made}`, `member-${made}-${crypto.randomUUID().slice(0, 6)}@example.com`);
  const once = <T>(make: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= make());
  };
  /** A Checkout Session the member opened, by id (the last part of the address it pays at). */
  const checkout = async (m: TestMember) => {
    const { url } = await m.trpc.billing.createCheckout.mutate({ attemptId: crypto.randomUUID() });
    return new URL(url!).pathname.split("/").at(-1)!;
  };
  /** Pays for Pro the way a member does: Checkout, then Stripe's signed word that it was paid. */
  const upgrade = async (m: TestMember) => {
    const session = stripe.sessions.get(await checkout(m))!;
    const { body, signature } = signedDelivery(stripeEvent("checkout.session.completed", completedSession(session)));
    const response = await t.app.request("/api/stripe/webhook", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    });
    if (!response.ok) throw new Error(`the payment webhook answered ${response.status}`);
  };
  const owner = once(async () => {
    const m = await fresh();
    // Pro, so the matrix can create as many projects as it needs.
    await upgrade(m);
    return m;
  });
  const side = once(fresh);
  let stranger: Promise<TestMember> | undefined;
  const project = async () => {
    const by = await owner();
    const { id } = await by.trpc.projects.create.mutate({ title: "Matrix project", category: "Web Development" });
    return { owner: by, id };
  };
  const pendingRequest = async () => {
    const { owner: by, id } = await project();
    const asking = await side();
    const request = await asking.trpc.joinRequests.request.mutate({ projectId: id });
    return { owner: by, side: asking, projectId: id, requestId: request.id };
  };
  /** A project whose owner accepted the side onto its team (which starts its team chat). */
  const team = async () => {
    const { owner: by, side: member, projectId, requestId } = await pendingRequest();
    await by.trpc.joinRequests.accept.mutate({ requestId });
    return { owner: by, side: member, projectId };
  };
  /** A team's board: a task the side made in its first column, and a label the owner made. */
  const board = async () => {
    const { owner: by, side: member, projectId } = await team();
    const { columns } = await member.trpc.board.get.query({ projectId });
    const [first, second] = columns;
    const task = await member.trpc.board.createTask.mutate({ projectId, columnId: first!.id, title: "Matrix task" });
    const label = await by.trpc.board.createLabel.mutate({ projectId, name: "Matrix", color: "blue" });
    return { owner: by, side: member, projectId, task, label, firstColumnId: first!.id, emptyColumnId: second!.id };
  };
  /** A request accepted; the owner and the side stay friends once they are. */
  const befriend = async (a: TestMember, b: TestMember) => {
    const { status } = await a.trpc.friends.relationship.query({ memberId: b.me.id });
    if (status !== "friends") await makeFriends(a, b);
  };
  /** A new group: the owner its admin, the side a member. */
  const group = async () => {
    const [by, member] = [await owner(), await side()];
    await befriend(by, member);
    const { chatId } = await by.trpc.chats.createGroup.mutate({ name: "Matrix group", memberIds: [member.me.id] });
    return { owner: by, side: member, chatId };
  };
  /** A third member of the owner's groups, neither admin nor author of what the side writes. */
  const bystander = once(fresh);
  /** A message the side wrote in a new group of three: the owner its admin, the bystander a member. */
  const groupMessage = async () => {
    const { owner: by, side: author, chatId } = await group();
    const member = await bystander();
    await befriend(by, member);
    await by.trpc.chats.addMember.mutate({ chatId, userId: member.me.id });
    const { id } = await author.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Matrix" });
    return { admin: by, author, member, chatId, messageId: id };
  };
  /** A notification of the side's: a friend request from someone new. */
  const notification = async () => {
    const party = await side();
    await (await fresh()).trpc.friends.request.mutate({ memberId: party.me.id });
    const { items } = await party.trpc.notifications.list.query({ filter: "all" });
    return { party, id: items[0]!.id };
  };
  /** The token of the newest e-mailed link to this address under this subject. */
  const mailedToken = async (to: string, subject: string) => {
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.subject, subject)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return new URL(mail!.body.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
  };
  const verificationToken = (m: TestMember) => mailedToken(m.email, "Confirm your Crewboard e-mail address");
  /** The administrator: the address in ADMIN_EMAILS, verified through its e-mailed link. */
  const admin = once(async () => {
    const m = await t.member("Matrix Moderator", ADMIN_EMAIL);
    await m.trpc.auth.verifyEmail.mutate({ token: await verificationToken(m) });
    return m;
  });
  /** Signed up with the other listed address, never verified: not an administrator. */
  const unverifiedAdmin = once(() => t.member("Not Yet Moderator", UNVERIFIED_ADMIN_EMAIL));
  /** A new open report (a fresh reporter's, of a new project), by id as the desk lists it. */
  const report = async () => {
    const { id } = await project();
    const reporter = await fresh();
    await reporter.trpc.safety.report.mutate({ target: { kind: "project", projectId: id }, reason: "spam" });
    const { items } = await (await admin()).trpc.admin.reports.query({});
    return items.find((r) => r.targetId === id)!.id;
  };
  const resetToken = async (m: TestMember) => {
    await t.browser().trpc.auth.requestPasswordReset.mutate({ email: m.email });
    return mailedToken(m.email, "Reset your Crewboard password");
  };
  const emailChangeToken = async (m: TestMember) => {
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await m.trpc.credentials.requestEmailChange.mutate({ newEmail, currentPassword: m.password });
    return mailedToken(newEmail, "Confirm your new Crewboard e-mail address");
  };
  /** A browser's subscription at Google's push service, which no test reaches (the test app connects nowhere). */
  const pushDevice = () => deviceKeys(`https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`);
  return {
    t,
    fresh,
    pushDevice,
    owner,
    side,
    /** A member with no tie to the rows; a new one after a call that may have changed who it is. */
    stranger: () => (stranger ??= fresh()),
    forgetStranger: () => void (stranger = undefined),
    project,
    pendingRequest,
    team,
    board,
    befriend,
    group,
    groupMessage,
    notification,
    checkout,
    verificationToken,
    admin,
    unverifiedAdmin,
    report,
    resetToken,
    emailChangeToken,
  };
}

export type World = ReturnType<typeof world>;

const ADMIN_EMAIL = "moderator@example.com";
const UNVERIFIED_ADMIN_EMAIL = "moderator-to-be@example.com";

/**
 * The app the table is checked on: payments go to the Stripe stand-in, push is on, sign-ups are not
 * limited, and two addresses are administrators' (one of them is never verified, so its member is not one).
 */
export async function accessWorld(options: Parameters<typeof createTestApp>[1] = {}) {
  const stripe = await startStripeStandIn();
  const t = await createTestApp(
    {
      ...standInEnv(stripe),
      ...(await vapidEnv()),
      RATE_LIMIT_SIGNUP_PER_IP: "100000",
      ADMIN_EMAILS: `${ADMIN_EMAIL}, ${UNVERIFIED_ADMIN_EMAIL}`,
    },
    options,
  );
  return { t, w: world(t, stripe), close: () => stripe.close() };
}
