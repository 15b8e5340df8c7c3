/**
 * Who may call each procedure: the table worker/routers/access.test.ts checks against the router.
 * Every procedure of `appRouter` must have a row, so a new procedure (friends, chat, payments ...)
 * fails that test until its author declares here who may call it.
 *
 * Each call is made on fresh rows from `arrange`, once by an anonymous visitor, once
 * by a stranger (a signed-in member with no tie to the rows), once by the party (the member the
 * rows belong to or are meant for: the owner, the participant, the side), and once by each other
 * member the rule names (the side who may not answer their own join request, for one).
 */
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { unsubscribeQuery } from "../worker/notifications/unsubscribe";
import type { World } from "./access-world";
import type { InputOf, ProcedurePath } from "./calls";
import { attachmentForm, avatarForm } from "./forms";
import type { TestMember } from "./harness";

export type Outcome = "ok" | TRPC_ERROR_CODE_KEY;

/** What a call is made on; `input` has the procedure's own input type, required where it is. */
export type Arranged<Input = unknown> = {
  /** The member entitled to the call; a fresh member when the call concerns nobody in particular. */
  party: TestMember;
  /** Other members tied to the rows (the side of a request its owner decides), by role. */
  others?: Record<string, TestMember>;
} & (undefined extends Input ? { input?: Input } : { input: Input });

export interface AccessRule<Input = unknown> {
  arrange(world: World): Promise<Arranged<Input>>;
  anonymous: Outcome;
  stranger: Outcome;
  party: Outcome;
  /** What each of `arrange`'s other members gets, by the same role names. */
  others?: Record<string, Outcome>;
}

/** A rule as tests that walk the router's paths at run time read it, whatever the input's type. */
interface RuleAtRunTime extends Omit<AccessRule, "arrange"> {
  arrange(world: World): Promise<{ party: TestMember; others?: Record<string, TestMember>; input?: unknown }>;
}

const profileFields: InputOf<"profiles.completeOnboarding"> = {
  displayName: "Matrix Member",
  bio: null,
  developerType: "Backend Developer",
  experience: "Expert (5+ years)",
  specialization: null,
  region: "Canada",
  interestedProjects: ["Web Development"],
};

/** Public: anyone. */
const open = { anonymous: "ok", stranger: "ok", party: "ok" } as const;
/** Any signed-in member, about their own account. */
const members = { anonymous: "UNAUTHORIZED", stranger: "ok", party: "ok" } as const;
const anyMember = (w: World) => w.side().then((party) => ({ party }));

/** One rule per procedure of the router, each arranging that procedure's own input. */
export type AccessTable = { [Path in ProcedurePath]: AccessRule<InputOf<Path>> };

/** Only the side a request was sent to answers it; to anyone else it does not exist. */
const recipientAnswers: AccessRule<{ requestId: string }> = {
  anonymous: "UNAUTHORIZED",
  stranger: "NOT_FOUND",
  party: "ok",
  arrange: async (w) => {
    const party = await w.side();
    const { requestId } = await (await w.fresh()).trpc.friends.request.mutate({ email: party.email });
    return { party, input: { requestId } };
  },
};

/** The owner decides; the member who asked may not answer their own request. */
const ownerDecides: AccessRule<{ requestId: string }> = {
  anonymous: "UNAUTHORIZED",
  stranger: "FORBIDDEN",
  party: "ok",
  others: { side: "FORBIDDEN" },
  arrange: async (w) => {
    const { owner, side, requestId } = await w.pendingRequest();
    return { party: owner, input: { requestId }, others: { side } };
  },
};

/** Participants only; anyone else is told the chat does not exist. */
const participantsOnly = <Input>(input: (chatId: string) => NoInfer<Input>): AccessRule<Input> => ({
  anonymous: "UNAUTHORIZED",
  stranger: "NOT_FOUND",
  party: "ok",
  arrange: async (w) => {
    const { side, chatId } = await w.group();
    // `Input` is still open here, so whether its `input` may be left out is not settled yet.
    return { party: side, input: input(chatId) } as Arranged<Input>;
  },
});

/**
 * The moderation desk: the administrator may; to everyone else, the member whose address is listed
 * but unverified included, the procedure does not exist.
 */
const administratorsOnly = <Input>(arrange: (w: World) => Promise<NoInfer<Input>>): AccessRule<Input> => ({
  anonymous: "NOT_FOUND",
  stranger: "NOT_FOUND",
  party: "ok",
  others: { unverifiedAdmin: "NOT_FOUND" },
  arrange: async (w) =>
    ({
      party: await w.admin(),
      others: { unverifiedAdmin: await w.unverifiedAdmin() },
      input: await arrange(w),
    }) as Arranged<Input>,
});

type Board = Awaited<ReturnType<World["board"]>>;
/** The project's team: its members and its owner; to anyone else the board is not there. */
const boardTeam = <Input>(input: (b: Board) => NoInfer<Input>): AccessRule<Input> => ({
  anonymous: "UNAUTHORIZED",
  stranger: "NOT_FOUND",
  party: "ok",
  others: { owner: "ok" },
  arrange: async (w) => {
    const b = await w.board();
    return { party: b.side, others: { owner: b.owner }, input: input(b) } as Arranged<Input>;
  },
});
/** The project's owner; a member of its team is refused, anyone else told the board is not there. */
const boardOwner = <Input>(input: (b: Board) => NoInfer<Input>): AccessRule<Input> => ({
  anonymous: "UNAUTHORIZED",
  stranger: "NOT_FOUND",
  party: "ok",
  others: { member: "FORBIDDEN" },
  arrange: async (w) => {
    const b = await w.board();
    return { party: b.owner, others: { member: b.side }, input: input(b) } as Arranged<Input>;
  },
});

export const accessTable: AccessTable = {
  "auth.me": { ...open, arrange: anyMember },
  "auth.providers": { ...open, arrange: anyMember },
  "auth.signUp": {
    ...open,
    arrange: async (w) => ({
      party: await w.fresh(),
      input: { displayName: "New", email: `new-${crypto.randomUUID()}@example.com`, password: "correct horse" },
    }),
  },
  "auth.signIn": {
    ...open,
    arrange: async (w) => {
      const party = await w.side();
      return { party, input: { email: party.email, password: party.password } };
    },
  },
  "auth.confirmPassword": {
    // Only ever about the caller's own session (the stranger shares the matrix's password).
    ...members,
    arrange: async (w) => {
      const party = await w.side();
      return { party, input: { password: party.password } };
    },
  },
  "auth.signOut": { ...members, arrange: async (w) => ({ party: await w.fresh() }) },
  "auth.verifyEmail": {
    ...open,
    arrange: async (w) => {
      const party = await w.fresh();
      return { party, input: { token: await w.verificationToken(party) } };
    },
  },
  "auth.requestPasswordReset": {
    ...open,
    arrange: async (w) => {
      // Fresh for each caller: the address allows three links an hour, and five callers ask.
      const party = await w.fresh();
      return { party, input: { email: party.email } };
    },
  },
  "auth.resetPassword": {
    ...open,
    arrange: async (w) => {
      // The link is someone else's: a reset that succeeds (junk can be a valid password) ends the
      // owner's sessions and password, and the caller must still be able to sign in afterwards.
      const [party, owner] = [await w.fresh(), await w.fresh()];
      return { party, input: { token: await w.resetToken(owner), password: "chosen through the link" } };
    },
  },

  "credentials.overview": { ...members, arrange: anyMember },
  "credentials.changePassword": {
    ...members,
    arrange: async (w) => {
      const party = await w.fresh();
      // The same password again: whoever calls keeps the password the matrix signs in with.
      return { party, input: { currentPassword: party.password, newPassword: party.password } };
    },
  },
  "credentials.requestEmailChange": {
    ...members,
    arrange: async (w) => {
      const party = await w.fresh();
      const newEmail = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
      return { party, input: { newEmail, currentPassword: party.password } };
    },
  },
  "credentials.confirmEmailChange": {
    ...open,
    arrange: async (w) => {
      const party = await w.fresh();
      return { party, input: { token: await w.emailChangeToken(party) } };
    },
  },
  "credentials.unlinkGoogle": {
    anonymous: "UNAUTHORIZED",
    // A stranger has no Google sign-in of their own to unlink.
    stranger: "BAD_REQUEST",
    party: "ok",
    arrange: async (w) => {
      const party = await w.fresh();
      // Only Google's OAuth callback links an account, and no stand-in answers for Google here:
      // the link is written as that callback writes it.
      await w.t.db
        .update(users)
        .set({ googleId: `google-${party.me.id}` })
        .where(eq(users.id, party.me.id));
      return { party };
    },
  },

  "account.sessions": { ...members, arrange: anyMember },
  "account.endSession": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    arrange: async (w) => {
      const party = await w.fresh();
      const laptop = w.t.browser();
      await laptop.trpc.auth.signIn.mutate({ email: party.email, password: party.password });
      const list = await party.trpc.account.sessions.query();
      return { party, input: { handle: list.find((s) => !s.current)!.handle } };
    },
  },
  "account.endOtherSessions": { ...members, arrange: async (w) => ({ party: await w.fresh() }) },
  "account.export": { ...members, arrange: anyMember },
  "account.deletionCheck": { ...members, arrange: anyMember },
  "account.delete": {
    ...members,
    arrange: async (w) => {
      const party = await w.fresh();
      return { party, input: { password: party.password } };
    },
  },

  "contact.send": {
    ...open,
    arrange: async (w) => ({ party: await w.side(), input: { email: "visitor@example.com", message: "Hello" } }),
  },

  // The link is the authority, whoever opens it: the member, or a visitor without a session.
  "emails.unsubscribe": {
    ...open,
    arrange: async (w) => {
      const party = await w.side();
      const query = await unsubscribeQuery(w.t.config.unsubscribeSecret, { member: party.me.id, kinds: ["mention"] });
      const { member, kinds, sig } = Object.fromEntries(new URLSearchParams(query));
      return { party, input: { member: member!, kinds: kinds!, sig: sig! } };
    },
  },

  "profiles.me": { ...members, arrange: anyMember },
  "profiles.byId": {
    ...members,
    arrange: async (w) => ({ party: await w.side(), input: { id: (await w.owner()).me.id } }),
  },
  "profiles.update": {
    ...members,
    arrange: async (w) => ({
      party: await w.side(),
      input: { ...profileFields, age: null, developerType: null, experience: null, skills: [] },
    }),
  },
  "profiles.completeOnboarding": {
    ...members,
    arrange: async (w) => ({ party: await w.side(), input: profileFields }),
  },
  "profiles.setSwitch": {
    ...members,
    arrange: async (w) => ({ party: await w.side(), input: { name: "sendReadReceipts", on: true } }),
  },
  "profiles.uploadAvatar": { ...members, arrange: async (w) => ({ party: await w.side(), input: avatarForm() }) },

  "projects.list": { ...members, arrange: async (w) => ({ party: await w.side(), input: {} }) },
  "projects.stats": { ...members, arrange: anyMember },
  "projects.myStats": { ...members, arrange: anyMember },
  "projects.recent": { ...members, arrange: anyMember },
  "projects.byId": {
    ...members,
    arrange: async (w) => {
      const { owner, id } = await w.project();
      return { party: owner, input: { id } };
    },
  },
  "projects.create": {
    ...members,
    arrange: async (w) => ({ party: await w.side(), input: { title: "New project", category: "Mobile Apps" } }),
  },
  "projects.update": {
    anonymous: "UNAUTHORIZED",
    stranger: "FORBIDDEN",
    party: "ok",
    arrange: async (w) => {
      const { owner, id } = await w.project();
      return { party: owner, input: { id, title: "Renamed", category: "Web Development" } };
    },
  },
  "projects.remove": {
    anonymous: "UNAUTHORIZED",
    stranger: "FORBIDDEN",
    party: "ok",
    arrange: async (w) => {
      const { owner, id } = await w.project();
      return { party: owner, input: { id } };
    },
  },

  "joinRequests.forProject": {
    ...members,
    arrange: async (w) => {
      const { owner, id } = await w.project();
      return { party: owner, input: { projectId: id } };
    },
  },
  /** Anyone but the owner may ask to join an open project; the party here is the one asking. */
  "joinRequests.request": {
    ...members,
    others: { owner: "BAD_REQUEST" },
    arrange: async (w) => {
      const { owner, id } = await w.project();
      return { party: await w.side(), input: { projectId: id }, others: { owner } };
    },
  },
  "joinRequests.accept": ownerDecides,
  "joinRequests.decline": ownerDecides,
  /** Only a member of the team can leave it. */
  "joinRequests.leave": {
    anonymous: "UNAUTHORIZED",
    stranger: "BAD_REQUEST",
    party: "ok",
    others: { owner: "BAD_REQUEST" },
    arrange: async (w) => {
      const { owner, side, projectId, requestId } = await w.pendingRequest();
      await owner.trpc.joinRequests.accept.mutate({ requestId });
      return { party: side, input: { projectId }, others: { owner } };
    },
  },
  "joinRequests.unseenAcceptances": { ...members, arrange: anyMember },
  "joinRequests.waiting": { ...members, arrange: anyMember },
  /** Marks the caller's own acceptance seen: for anyone else it touches nothing. */
  "joinRequests.acknowledge": {
    ...members,
    arrange: async (w) => {
      const { owner, side, projectId, requestId } = await w.pendingRequest();
      await owner.trpc.joinRequests.accept.mutate({ requestId });
      return { party: side, input: { projectId } };
    },
  },

  "friends.list": { ...members, arrange: anyMember },
  "friends.requests": { ...members, arrange: anyMember },
  "friends.incomingCount": { ...members, arrange: anyMember },
  "friends.relationship": {
    ...members,
    arrange: async (w) => ({ party: await w.side(), input: { memberId: (await w.owner()).me.id } }),
  },
  /** Any member may ask anyone else, by e-mail or by id; the party here is the one asking. */
  "friends.request": {
    anonymous: "UNAUTHORIZED",
    stranger: "ok",
    party: "ok",
    arrange: async (w) => ({ party: await w.side(), input: { email: (await w.fresh()).email } }),
  },
  "friends.accept": recipientAnswers,
  "friends.reject": recipientAnswers,
  /** Only the sender cancels. */
  "friends.cancel": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    arrange: async (w) => {
      const party = await w.side();
      const { requestId } = await party.trpc.friends.request.mutate({ email: (await w.fresh()).email });
      return { party, input: { requestId } };
    },
  },
  /** Only a friend can end a friendship. */
  "friends.remove": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    arrange: async (w) => {
      const party = await w.side();
      const friend = await w.fresh();
      const { requestId } = await party.trpc.friends.request.mutate({ email: friend.email });
      await friend.trpc.friends.accept.mutate({ requestId });
      return { party, input: { memberId: friend.me.id } };
    },
  },
  "chats.list": { ...members, arrange: async (w) => ({ party: await w.side(), input: { kind: "groups" } }) },
  "chats.summary": { ...members, arrange: anyMember },
  "chats.memberTicket": { ...members, arrange: anyMember },
  "chats.createGroup": { ...members, arrange: async (w) => ({ party: await w.side(), input: { name: "New group" } }) },
  "chats.openPrivate": {
    anonymous: "UNAUTHORIZED",
    stranger: "FORBIDDEN",
    party: "ok",
    arrange: async (w) => {
      const [by, friend] = [await w.owner(), await w.side()];
      await w.befriend(by, friend);
      return { party: by, input: { friendId: friend.me.id } };
    },
  },
  "chats.byId": participantsOnly((chatId) => ({ chatId })),
  "chats.messages": participantsOnly((chatId) => ({ chatId })),
  "chats.ticket": participantsOnly((chatId) => ({ chatId })),
  "chats.send": participantsOnly((chatId) => ({ chatId, clientId: crypto.randomUUID(), content: "Hello" })),
  "chats.markRead": participantsOnly((chatId) => ({ chatId, seq: 0 })),
  "chats.setMuted": participantsOnly((chatId) => ({ chatId, muted: true })),
  "chats.leave": participantsOnly((chatId) => ({ chatId })),
  /** Only its author edits a message; a group's admin may not, an outsider does not see the group. */
  "messages.edit": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    others: { admin: "FORBIDDEN", member: "FORBIDDEN" },
    arrange: async (w) => {
      const { admin, author, member, chatId, messageId } = await w.groupMessage();
      return { party: author, others: { admin, member }, input: { chatId, messageId, content: "Edited" } };
    },
  },
  /** Its author deletes a message, and so may a group's admin; another member may not. */
  "messages.remove": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    others: { admin: "ok", member: "FORBIDDEN" },
    arrange: async (w) => {
      const { admin, author, member, chatId, messageId } = await w.groupMessage();
      return { party: author, others: { admin, member }, input: { chatId, messageId } };
    },
  },
  /** Any participant reacts to a message of their chat. */
  "messages.react": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    others: { admin: "ok" },
    arrange: async (w) => {
      const { admin, member, chatId, messageId } = await w.groupMessage();
      return { party: member, others: { admin }, input: { chatId, messageId, emoji: "👍", on: true } };
    },
  },
  /** A group's admin pins a message; a plain member may not, an outsider does not see the group. */
  "messages.pin": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    others: { author: "FORBIDDEN", member: "FORBIDDEN" },
    arrange: async (w) => {
      const { admin, author, member, chatId, messageId } = await w.groupMessage();
      return { party: admin, others: { author, member }, input: { chatId, messageId } };
    },
  },
  /** Unpinning is the admin's too (of a message that is pinned). */
  "messages.unpin": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    others: { author: "FORBIDDEN", member: "FORBIDDEN" },
    arrange: async (w) => {
      const { admin, author, member, chatId, messageId } = await w.groupMessage();
      await admin.trpc.messages.pin.mutate({ chatId, messageId });
      return { party: admin, others: { author, member }, input: { chatId, messageId } };
    },
  },
  "messages.pins": participantsOnly((chatId) => ({ chatId })),
  /** Only its author takes a message's preview off; to an outsider the chat does not exist. */
  "messages.removePreview": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    others: { admin: "FORBIDDEN", member: "FORBIDDEN" },
    arrange: async (w) => {
      const { admin, author, member, chatId, messageId } = await w.groupMessage();
      return { party: author, others: { admin, member }, input: { chatId, messageId } };
    },
  },
  /** A message's preview is for those who can read the chat. */
  "previews.ofMessage": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    others: { admin: "ok" },
    arrange: async (w) => {
      const { admin, member, chatId, messageId } = await w.groupMessage();
      return { party: member, others: { admin }, input: { chatId, messageId } };
    },
  },
  /** Only a participant uploads a file into a chat; to anyone else the chat does not exist. */
  "attachments.upload": participantsOnly((chatId) => attachmentForm(chatId)),
  "messages.changes": participantsOnly((chatId) => ({ chatId, afterChange: 0 })),
  "messages.receipts": participantsOnly((chatId) => ({ chatId })),
  "messages.search": participantsOnly((chatId) => ({ chatId, query: "Matrix" })),
  /** Across the member's own chats: any member, about their own. */
  "messages.searchAll": { ...members, arrange: async (w) => ({ party: await w.side(), input: { query: "Matrix" } }) },
  /** A group's admin adds a friend; a plain member may not, an outsider does not see the group. */
  "chats.addMember": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    others: { member: "FORBIDDEN" },
    arrange: async (w) => {
      const { owner, side, chatId } = await w.group();
      const newcomer = await w.fresh();
      await w.befriend(owner, newcomer);
      return { party: owner, others: { member: side }, input: { chatId, userId: newcomer.me.id } };
    },
  },

  "people.search": { ...members, arrange: async (w) => ({ party: await w.side(), input: { search: "Matrix" } }) },

  "suggestions.projects": { ...members, arrange: anyMember },
  "suggestions.people": { ...members, arrange: anyMember },
  /** Anyone may set aside a suggestion for themselves; it changes nothing for anyone else. */
  "suggestions.dismiss": {
    ...members,
    arrange: async (w) => {
      const { id } = await w.project();
      return { party: await w.side(), input: { kind: "project", subjectId: id } };
    },
  },

  /** Only the owner removes a member; the member leaves by themselves (joinRequests.leave). */
  "teams.removeMember": {
    anonymous: "UNAUTHORIZED",
    stranger: "FORBIDDEN",
    party: "ok",
    others: { member: "FORBIDDEN" },
    arrange: async (w) => {
      const { owner, side, projectId } = await w.team();
      return { party: owner, others: { member: side }, input: { projectId, memberId: side.me.id } };
    },
  },
  /** Anyone may ask; only the team is answered with its chat, everyone else with nothing. */
  "teams.chat": {
    ...members,
    arrange: async (w) => {
      const { side, projectId } = await w.team();
      return { party: side, input: { projectId } };
    },
  },
  "teams.chats": { ...members, arrange: anyMember },

  "board.get": boardTeam(({ projectId }) => ({ projectId })),
  "board.history": boardTeam(({ projectId, task }) => ({ projectId, taskId: task.id })),
  "board.createTask": boardTeam(({ projectId, firstColumnId }) => ({
    projectId,
    columnId: firstColumnId,
    title: "New",
  })),
  "board.updateTask": boardTeam(({ projectId, task }) => ({
    projectId,
    taskId: task.id,
    version: task.version,
    title: "Edited",
  })),
  "board.moveTask": boardTeam(({ projectId, task, emptyColumnId }) => ({
    projectId,
    taskId: task.id,
    columnId: emptyColumnId,
    afterId: null,
    beforeId: null,
  })),
  /** Its creator (the side) or the owner. */
  "board.deleteTask": boardTeam(({ projectId, task }) => ({ projectId, taskId: task.id })),
  "board.createLabel": boardTeam(({ projectId }) => ({ projectId, name: "Second", color: "green" })),
  "board.deleteLabel": boardOwner(({ projectId, label }) => ({ projectId, labelId: label.id })),
  "board.addColumn": boardOwner(({ projectId }) => ({ projectId, name: "Review" })),
  "board.renameColumn": boardOwner(({ projectId, firstColumnId }) => ({
    projectId,
    columnId: firstColumnId,
    name: "Backlog",
  })),
  "board.moveColumn": boardOwner(({ projectId, firstColumnId }) => ({
    projectId,
    columnId: firstColumnId,
    toIndex: 2,
  })),
  "board.removeColumn": boardOwner(({ projectId, emptyColumnId }) => ({ projectId, columnId: emptyColumnId })),
  "board.settings": boardOwner(({ projectId }) => ({ projectId, doneLines: false })),

  /** Any member may pay for Pro once; a member who has it is told so (the owner is Pro). */
  "billing.createCheckout": {
    ...members,
    others: { pro: "CONFLICT" },
    arrange: async (w) => ({
      party: await w.side(),
      input: { attemptId: crypto.randomUUID() },
      others: { pro: await w.owner() },
    }),
  },
  /** Anyone signed in may ask; a session that is not theirs answers 'not found', alike for all. */
  "billing.status": {
    ...members,
    arrange: async (w) => {
      const party = await w.side();
      return { party, input: { sessionId: await w.checkout(party) } };
    },
  },
  "billing.plan": { ...members, arrange: anyMember },

  "notifications.unreadCount": { ...members, arrange: anyMember },
  "notifications.list": { ...members, arrange: async (w) => ({ party: await w.side(), input: { filter: "unread" } }) },
  /** Only the recipient marks theirs; to anyone else it does not exist. */
  "notifications.markRead": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    arrange: async (w) => {
      const { party, id } = await w.notification();
      return { party, input: { id } };
    },
  },
  "notifications.markAllRead": {
    ...members,
    arrange: async (w) => {
      const { party, id } = await w.notification();
      return { party, input: { upToId: id } };
    },
  },
  "notifications.preferences": { ...members, arrange: anyMember },
  "notifications.setPreference": {
    ...members,
    arrange: async (w) => ({
      party: await w.side(),
      input: { key: "friend_request", channel: "email", enabled: false },
    }),
  },

  "push.vapidPublicKey": { ...members, arrange: anyMember },
  "push.subscribe": {
    ...members,
    arrange: async (w) => ({ party: await w.side(), input: w.pushDevice().subscription }),
  },
  "push.list": { ...members, arrange: anyMember },
  /** A member removes their own devices; anyone else's device is not found, alike for all. */
  "push.remove": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    arrange: async (w) => {
      const party = await w.side();
      const { id } = await party.trpc.push.subscribe.mutate(w.pushDevice().subscription);
      return { party, input: { id } };
    },
  },
  /** A call in a chat is its participants' business; to anyone else the chat does not exist. */
  "calls.start": participantsOnly((chatId) => ({ chatId, kind: "voice" })),
  "calls.decline": participantsOnly((chatId) => ({ chatId, callId: crypto.randomUUID() })),
  "calls.record": participantsOnly((chatId) => ({ chatId, callId: crypto.randomUUID() })),
  "calls.iceServers": participantsOnly((chatId) => ({ chatId })),

  /** Anyone may block anyone (a fresh member each time, so no one else's calls are changed by it). */
  "safety.block": {
    ...members,
    arrange: async (w) => ({ party: await w.side(), input: { memberId: (await w.fresh()).me.id } }),
  },
  /** Only the blocker lifts a block; to anyone else there is none. */
  "safety.unblock": {
    anonymous: "UNAUTHORIZED",
    stranger: "NOT_FOUND",
    party: "ok",
    arrange: async (w) => {
      const party = await w.side();
      const blocked = await w.fresh();
      await party.trpc.safety.block.mutate({ memberId: blocked.me.id });
      return { party, input: { memberId: blocked.me.id } };
    },
  },
  "safety.blocked": { ...members, arrange: async (w) => ({ party: await w.side(), input: {} }) },
  "safety.report": {
    ...members,
    arrange: async (w) => ({
      party: await w.side(),
      input: { target: { kind: "member", memberId: (await w.owner()).me.id }, reason: "spam" },
    }),
  },

  "admin.reports": administratorsOnly(async () => ({})),
  "admin.auditLog": administratorsOnly(async () => ({})),
  "admin.dismiss": administratorsOnly(async (w) => ({ reportId: await w.report(), reason: "Not against the rules" })),
  "admin.removeContent": administratorsOnly(async (w) => ({ reportId: await w.report(), reason: "Spam" })),
  "admin.suspend": administratorsOnly(async (w) => ({ memberId: (await w.fresh()).me.id, reason: "Spam" })),
  "admin.reinstate": administratorsOnly(async (w) => {
    const member = await w.fresh();
    await (await w.admin()).trpc.admin.suspend.mutate({ memberId: member.me.id, reason: "Spam" });
    return { memberId: member.me.id, reason: "Appeal accepted" };
  }),
};

/** The table as the router's paths look it up at run time. */
export const accessRules: Partial<Record<string, RuleAtRunTime>> = accessTable;
