import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ACCOUNT_TOKEN_PURPOSES,
  CHAT_ROLES,
  FRIEND_STATUSES,
  JOIN_REQUEST_STATUSES,
  MESSAGE_TYPES,
  NOTIFICATION_KINDS,
  PAYMENT_STATUSES,
  PROJECT_STATUSES,
  REPORT_STATUSES,
  SUBSCRIPTION_STATUSES,
  SUGGESTION_KINDS,
  type ProjectCategory,
} from "../core/enums";
import type { LinkPreview } from "../core/link-previews";
import { MODERATION_ACTIONS, REPORT_REASONS, REPORT_TARGETS } from "../core/safety-rules";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const textList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

/** Credentials live here and in `sessions` only; nothing else ever reads them. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Always stored lower-cased, so uniqueness is case-insensitive. */
    email: text("email").notNull().unique(),
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    passwordHash: text("password_hash"),
    googleId: text("google_id").unique(),
    /** Set by an administrator: no session of the account is valid and its projects leave every list. */
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // The few suspended accounts, read whole by the project lists that leave their projects out.
  (t) => [
    index("users_suspended_idx")
      .on(t.id)
      .where(sql`suspended_at IS NOT NULL`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Seconds since the epoch, as lucia's adapter writes it; slides forward with use. */
    expiresAt: integer("expires_at").notNull(),
    /** Milliseconds; bounds a session's whole life however often it slides. */
    createdAt: integer("created_at").notNull(),
    /** What the member sees in their sessions list: the browser's own description at sign-in. */
    userAgent: text("user_agent"),
    /** Country and city, only when the edge tells us (Cloudflare does; the Node host does not). */
    country: text("country"),
    city: text("city"),
    /**
     * Milliseconds; moved forward at most every few minutes, so reading a page costs no write.
     * Null for sessions from before it was kept: their sign-in is the last we know of.
     */
    lastActiveAt: integer("last_active_at"),
    /**
     * Milliseconds: when this session last proved its member's password (or, for a member with none,
     * went through Google again). The moderation desk's actions need it recent.
     */
    passwordConfirmedAt: integer("password_confirmed_at"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    index("sessions_created_idx").on(t.createdAt),
  ],
);

export const profiles = sqliteTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  displayName: text("display_name"),
  avatarUrl: text("avatar_url"),
  bio: text("bio"),
  age: integer("age"),
  specialization: text("specialization"),
  region: text("region").notNull().default("United States"),
  skills: textList("skills"),
  developerType: text("developer_type"),
  interestedProjects: textList("interested_projects"),
  experience: text("experience"),
  subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("free"),
  /** Derived from the subscription status, so the two can never disagree; nothing writes it. */
  isPro: integer("is_pro", { mode: "boolean" })
    .notNull()
    .generatedAlwaysAs(sql`subscription_status = 'lifetime'`, { mode: "virtual" }),
  subscriptionExpiresAt: integer("subscription_expires_at", { mode: "timestamp_ms" }),
  /** Off: others are not told what this member has seen, and this member sees no one's receipts. */
  sendReadReceipts: integer("send_read_receipts", { mode: "boolean" }).notNull().default(true),
  /** 'Open to join projects': a filter of Find people, and a badge on the member's card. */
  openToJoin: integer("open_to_join", { mode: "boolean" }).notNull().default(true),
  /**
   * 'Show me in search': off, the member is in no one's Find people nor People you may know. The
   * search index (member_search, migration 0014) holds only members who have it on.
   */
  listedInSearch: integer("listed_in_search", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").$type<ProjectCategory>().notNull(),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("open"),
    members: integer("members").notNull().default(1),
    duration: text("duration"),
    budgetRange: text("budget_range"),
    skillsRequired: textList("skills_required"),
    techStack: textList("tech_stack"),
    progress: integer("progress").notNull().default(0),
    plannedFeatures: textList("planned_features"),
    completedFeatures: textList("completed_features"),
    pendingFeatures: textList("pending_features"),
    githubUrl: text("github_url"),
    demoUrl: text("demo_url"),
    projectGoals: text("project_goals"),
    challenges: text("challenges"),
    lessonsLearned: text("lessons_learned"),
    createdAt: createdAt(),
  },
  (t) => [
    index("projects_newest_idx").on(t.createdAt, t.id),
    index("projects_owner_newest_idx").on(t.userId, t.createdAt, t.id),
    index("projects_category_status_newest_idx").on(t.category, t.status, t.createdAt, t.id),
    index("projects_status_newest_idx").on(t.status, t.createdAt, t.id),
    // Covers the dashboard's per-status counts and member sums without touching the table.
    index("projects_status_members_idx").on(t.status, t.members),
  ],
);

/**
 * The dashboard's figures, kept by the triggers of migration 0005 in the same statement as every
 * insert, delete (cascades included) and change of a project's status, category or team size, so
 * they are exact under any number of concurrent writers. One row per (status, category) pair.
 * Nothing else writes here.
 */
export const projectCounts = sqliteTable(
  "project_counts",
  {
    status: text("status", { enum: PROJECT_STATUSES }).notNull(),
    category: text("category").$type<ProjectCategory>().notNull(),
    projects: integer("projects").notNull(),
    members: integer("members").notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.category] })],
);

export const projectJoinRequests = sqliteTable(
  "project_join_requests",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: JOIN_REQUEST_STATUSES }).notNull().default("pending"),
    /** When the requester was shown that their request was accepted. */
    seenAt: integer("seen_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("project_join_requests_pair_unique").on(t.projectId, t.userId),
    index("project_join_requests_user_idx").on(t.userId),
  ],
);

export const friends = sqliteTable(
  "friends",
  {
    id: text("id").primaryKey(),
    /** The requester. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The recipient. */
    friendId: text("friend_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: FRIEND_STATUSES }).notNull().default("pending"),
    /** The two ids in sorted order: one row per pair, whichever side asked first. */
    pairKey: text("pair_key").generatedAlwaysAs(sql`min(user_id, friend_id) || ' ' || max(user_id, friend_id)`, {
      mode: "virtual",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("friends_pair_unique").on(t.pairKey),
    index("friends_recipient_status_idx").on(t.friendId, t.status, t.createdAt),
    index("friends_requester_status_idx").on(t.userId, t.status, t.createdAt),
  ],
);

export const chats = sqliteTable(
  "chats",
  {
    id: text("id").primaryKey(),
    title: text("title"),
    description: text("description"),
    isGroup: integer("is_group", { mode: "boolean" }).notNull().default(false),
    avatarUrl: text("avatar_url"),
    /**
     * No foreign key: a group outlives its creator's account. The id of a deleted member stays as
     * a name for nobody, like a participant's or a sender's (shown as 'Deleted member').
     */
    createdBy: text("created_by").notNull(),
    /** Private chats only: the two member ids in sorted order, so a pair has exactly one chat. */
    pairKey: text("pair_key").unique(),
    /**
     * Sequence number of the newest message (0 before the first): unread counts are differences.
     * Moved by a trigger in the statement that inserts the message (migration 0009).
     */
    lastSeq: integer("last_seq").notNull().default(0),
    /**
     * Counts every change to what members see of a stored message (an edit, a deletion, a reaction),
     * moved by a trigger on messages (migration 0016): a page that held changes up to n and is told of
     * n + 2 knows it missed one, and asks for what changed after n.
     */
    changeSeq: integer("change_seq").notNull().default(0),
    /**
     * Counts every change to who is in the chat (triggers on chat_participants): a list of
     * recipients read while it held a value is still right while it holds it.
     */
    membersVersion: integer("members_version").notNull().default(0),
    /**
     * Team chats only: the project whose owner and accepted members are its participants (at most one
     * chat per project). No foreign key: the chat outlives its project, archived.
     */
    projectId: text("project_id"),
    /** Read-only: its project was deleted (a trigger of migration 0014 sets it). */
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    /** Last activity: creation, a message, someone joining or leaving. Chat lists sort by it. */
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("chats_project_unique").on(t.projectId)],
);

export const chatParticipants = sqliteTable(
  "chat_participants",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** No foreign key: a deleted member's row stays, left, so the chat's history keeps its senders. */
    userId: text("user_id").notNull(),
    role: text("role", { enum: CHAT_ROLES }).notNull().default("member"),
    leftAt: integer("left_at", { mode: "timestamp_ms" }),
    /**
     * Sequence number of the newest message this member has seen: unread counts and the 'New
     * messages' line. Also moved by their own sends, which they need not have displayed.
     */
    lastReadSeq: integer("last_read_seq").notNull().default(0),
    /**
     * The read receipt others see: the newest message this member's page displayed (on screen, page
     * visible), moved only while they send read receipts.
     */
    seenSeq: integer("seen_seq").notNull().default(0),
    muted: integer("muted", { mode: "boolean" }).notNull().default(false),
    /** Sequence number up to which this member's unread messages were already told of, by e-mail or push. */
    notifiedSeq: integer("notified_seq").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_participants_user_idx").on(t.userId, t.leftAt)],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** No foreign key: messages stay in the others' chats when their sender deletes the account. */
    senderId: text("sender_id").notNull(),
    /**
     * 1, 2, 3 ... within the chat, assigned in the inserting statement: a client that holds
     * messages up to n and receives n + 2 knows it missed one.
     */
    seq: integer("seq").notNull(),
    /** Chosen by the sender's browser so a retried send never stores twice. */
    clientId: text("client_id").notNull(),
    /** Emptied when the message is deleted. */
    content: text("content").notNull(),
    messageType: text("message_type", { enum: MESSAGE_TYPES }).notNull().default("text"),
    /**
     * The message this one answers, in the same chat (checked by the inserting statement). No
     * foreign key: a message is never removed alone, only emptied by a deletion.
     */
    replyToId: integer("reply_to_id"),
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    /** Deleted for everyone: content, edit history and reactions are gone, the row stays in place. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    deletedBy: text("deleted_by"),
    /**
     * Who reacted with what, `{ emoji: [member ids in the order they reacted] }`, kept from
     * message_reactions by its triggers (migration 0016), so a page of messages reads no other table.
     */
    reactions: text("reactions", { mode: "json" })
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'`),
    /** The chat's `change_seq` at this message's latest change; 0 while it never changed. */
    changeSeq: integer("change_seq").notNull().default(0),
    /** Its author took the link preview off it: no card shows under it for anyone, ever again. */
    previewRemoved: integer("preview_removed", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("messages_sender_client_unique").on(t.senderId, t.clientId),
    uniqueIndex("messages_chat_seq_unique").on(t.chatId, t.seq),
    // Catching up on what changed: a chat's changed messages after a change number.
    index("messages_chat_change_idx")
      .on(t.chatId, t.changeSeq)
      .where(sql`change_seq > 0`),
  ],
);

/**
 * Link previews the server fetched, by the address a message carried (worker/previews/): the card,
 * or null when the address gave none (refused, unreachable, no title), so it is not asked again
 * until `fetchedAt` is old enough.
 */
export const linkPreviews = sqliteTable("link_previews", {
  url: text("url").primaryKey(),
  card: text("card", { mode: "json" }).$type<LinkPreview>(),
  fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * How far the work that follows a send has gone (worker/chats/send-follow-up.ts): every message up
 * to `doneUpTo` is in the search index and has made its readers due a digest. One row.
 */
export const messageFollowUp = sqliteTable(
  "message_follow_up",
  {
    id: integer("id").primaryKey(),
    doneUpTo: integer("done_up_to").notNull(),
    /** Where the run holding the write lock stops: at most FOLLOW_UP_BATCH messages past `doneUpTo`. */
    runningTo: integer("running_to").notNull(),
  },
  (t) => [check("message_follow_up_one_row", sql`${t.id} = 1`)],
);

/**
 * Messages pinned in their chat, for its pins panel: by either member of a private chat, or by a
 * group's admins. A message deleted for everyone loses its pin (migration 0021's trigger).
 */
export const messagePins = sqliteTable(
  "message_pins",
  {
    messageId: integer("message_id")
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** No foreign key, like a message's sender: a pin stays when the member who made it leaves. */
    pinnedBy: text("pinned_by").notNull(),
    pinnedAt: integer("pinned_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  // The panel lists a chat's pins newest first.
  (t) => [index("message_pins_chat_idx").on(t.chatId, t.pinnedAt)],
);

/** One row per member, emoji and message; a member may react with several emoji. */
export const messageReactions = sqliteTable(
  "message_reactions",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    /** The emoji, one of core/chat-rules REACTIONS. */
    emoji: text("emoji").notNull(),
    /** No foreign key, like a message's sender: reactions stay when their member deletes the account. */
    memberId: text("member_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.emoji, t.memberId] })],
);

/**
 * Files members attach to messages: uploaded first (no message yet), then claimed by the message
 * that carries them, in the statement that stores it. The bytes live in the file store under `id`,
 * a random id that is also the file's address; the row is the only way to reach them.
 */
export const messageAttachments = sqliteTable(
  "message_attachments",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** No foreign key, like a message's sender: files stay in the others' chats when the uploader leaves. */
    uploaderId: text("uploader_id").notNull(),
    /** Null until a message carries it, and again once that message is deleted (then `created_at` is 0). */
    messageId: integer("message_id").references(() => messages.id, { onDelete: "set null" }),
    /** The file's name as the member's device gave it, for the card and the download. */
    name: text("name").notNull(),
    /** Judged by the file's bytes when it was uploaded, never by its name or the browser's word. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Its order among the message's files. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("message_attachments_message_idx").on(t.messageId, t.position),
    // The scheduled job's sweep of what no message carries.
    index("message_attachments_unsent_idx")
      .on(t.createdAt)
      .where(sql`message_id IS NULL`),
  ],
);

/** Earlier versions of edited messages, kept on the server (written by a trigger, migration 0016). */
export const messageEdits = sqliteTable(
  "message_edits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    /** What the message said until `replacedAt`. */
    content: text("content").notNull(),
    replacedAt: integer("replaced_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("message_edits_message_idx").on(t.messageId, t.id)],
);

export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    /** Null once the member deleted their account: payments are kept for the accounts. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    stripeSessionId: text("stripe_session_id").notNull().unique(),
    /** The event that confirmed the payment. */
    stripeEventId: text("stripe_event_id").unique(),
    /** What Stripe's refunds name the payment by. */
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payments_user_idx").on(t.userId, t.status)],
);

/**
 * Payments Stripe has told us were refunded in full, by payment intent. Kept apart from `payments`
 * because a refund can be delivered before the payment it undoes: the later confirmation then
 * finds it here and grants nothing.
 */
export const stripeRefunds = sqliteTable("stripe_refunds", {
  paymentIntentId: text("payment_intent_id").primaryKey(),
  stripeEventId: text("stripe_event_id").notNull(),
  createdAt: createdAt(),
});

export const emailTokens = sqliteTable(
  "email_tokens",
  {
    /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId), index("email_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * Links e-mailed for account changes: a password reset, or a new address to confirm. Single use,
 * short-lived, stored as SHA-256 of the token only.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** The address an `email_change` token confirms, lower-cased. */
    newEmail: text("new_email"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /**
     * A random value written by the request that spends the token, so the statements after it in
     * the same batch act only for that request (a time stamp could be shared by two).
     */
    claim: text("claim"),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    index("account_tokens_expires_idx").on(t.expiresAt),
  ],
);

/** Fixed-window counters, kept in the database so limits hold across Worker isolates. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * E-mails, each written in the same batch as what it tells of and sent after that commits. A row is
 * due while `next_attempt_at` has passed; a dispatcher claims it by moving that time forward (the
 * lease) in the statement that reads it, so no two processes send it. Sent, it has `sent_at`; given
 * up on after its last attempt, `failed_at`; either way `next_attempt_at` is null and the row stays.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** The plain-text part. */
    body: text("body").notNull(),
    /** The HTML part; null for e-mails queued before there was one. */
    html: text("html"),
    /** Extra headers, such as List-Unsubscribe on a digest. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.id), index("outbox_due_idx").on(t.nextAttemptAt)],
);

/**
 * One row per recipient, written in the statement or batch of the event it tells of. `eventKey` names
 * that event (the request's id, the payment's, the message's), so a retried or racing event writes once.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null for what no member did (a payment confirmed) and once the actor's account is gone. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** What clicking it opens: a project's id, a chat's id; null where the kind alone says (requests, billing). */
    subjectId: text("subject_id"),
    eventKey: text("event_key").notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    /** When an e-mail digest told of it; a notification is in one digest at most. */
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_event_unique").on(t.recipientId, t.kind, t.eventKey),
    index("notifications_recipient_idx").on(t.recipientId, t.id),
    index("notifications_unread_idx")
      .on(t.recipientId, t.id)
      .where(sql`read_at IS NULL`),
    index("notifications_undigested_idx")
      .on(t.createdAt)
      .where(sql`read_at IS NULL AND emailed_at IS NULL`),
    /** One member's notifications the digest has yet to consider, by kind (migration 0013). */
    index("notifications_digest_member_idx")
      .on(t.recipientId, t.kind, t.createdAt)
      .where(sql`read_at IS NULL AND emailed_at IS NULL`),
  ],
);

/** A member's choices per kind; a kind without a row keeps the defaults of core/notification-rules. */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    email: integer("email", { mode: "boolean" }).notNull(),
    push: integer("push", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** When each member's next digest is due, and when their last one went: at most one an hour. */
export const notificationDigests = sqliteTable(
  "notification_digests",
  {
    memberId: text("member_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dueAt: integer("due_at", { mode: "timestamp_ms" }),
    lastSentAt: integer("last_sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("notification_digests_due_idx").on(t.dueAt)],
);

/** One per device a member enabled notifications on (the browser's PushSubscription). */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The browser and system it was made on, as Settings lists it. */
    device: text("device").notNull(),
    createdAt: createdAt(),
    lastPushedAt: integer("last_pushed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("push_subscriptions_member_idx").on(t.memberId, t.createdAt)],
);

/**
 * Pushes waiting to go, written with their event like e-mails in `outbox`, and sent and retried the
 * same way: to every device of the member, when no page of theirs is open.
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The JSON the service worker shows: title, body, the page a click opens, a tag. */
    payload: text("payload").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("push_outbox_due_idx").on(t.nextAttemptAt)],
);

/**
 * One row per member and member they shut out. Either direction keeps the two apart
 * (worker/safety/reach.ts); only the blocker sees the row, and only the blocker removes it.
 */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // Settings' list, newest first; and the cascade when the blocked member's account goes.
    index("blocks_blocker_newest_idx").on(t.blockerId, t.createdAt, t.blockedId),
    index("blocks_blocked_idx").on(t.blockedId),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * A member's report of a member, a project or a message, for the moderation desk. A reporter reports
 * one thing once (the unique index). The target may go (deleted, removed by a moderator): the report
 * stays, with `excerpt`, the reported words as they were when reported.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: text("target_kind", { enum: REPORT_TARGETS }).notNull(),
    /** The member's, the project's or the message's id (as text). */
    targetId: text("target_id").notNull(),
    /** Whom the report is against: the member, the project's owner, the message's sender. No foreign key: the record outlives them. */
    targetMemberId: text("target_member_id").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    excerpt: text("excerpt").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_reporter_target_unique").on(t.reporterId, t.targetKind, t.targetId),
    index("reports_status_newest_idx").on(t.status, t.createdAt, t.id),
    index("reports_target_member_idx").on(t.targetMemberId),
    index("reports_target_idx").on(t.targetKind, t.targetId),
  ],
);

/**
 * The audit log: every action an administrator takes, with who, what, when and why. Written in the
 * batch of the action itself, and never changed. No foreign keys: it outlives everyone it names.
 */
export const moderationActions = sqliteTable("moderation_actions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  adminId: text("admin_id").notNull(),
  /** The administrator's address when they acted: who it was, whatever happens to the account. */
  adminEmail: text("admin_email").notNull(),
  action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
  reportId: text("report_id"),
  /** The member the action concerns (suspended, reinstated, or whose content it was). */
  memberId: text("member_id").notNull(),
  /** The message's or project's id, for removals. */
  targetId: text("target_id"),
  reason: text("reason").notNull(),
  createdAt: createdAt(),
});

/** Suggestions a member dismissed: never shown to them again. */
export const suggestionDismissals = sqliteTable(
  "suggestion_dismissals",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SUGGESTION_KINDS }).notNull(),
    /** The project's id or the member's id. */
    subjectId: text("subject_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.subjectId] })],
);

/** Messages sent from the public contact form. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name"),
    email: text("email").notNull(),
    message: text("message").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
export type Project = typeof projects.$inferSelect;
export type JoinRequest = typeof projectJoinRequests.$inferSelect;
export type Chat = typeof chats.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

/**
 * A project's board: one per project, made with it (a trigger of migration 0023, which also made
 * one for every project before it), and gone with it. `nextNumber` hands out the tasks' short
 * numbers (`#12`) inside the batch that creates each task, so two creations never share one.
 * While `progressFollowsBoard` holds, migration 0024's triggers keep the project's progress and
 * feature lists equal to the board's (views `board_progress` and `board_figures`).
 */
export const boards = sqliteTable("boards", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  nextNumber: integer("next_number").notNull().default(1),
  progressFollowsBoard: integer("progress_follows_board", { mode: "boolean" }).notNull().default(false),
  doneLines: integer("done_lines", { mode: "boolean" }).notNull().default(true),
});

/** A board's columns, in `position` order (small whole numbers, rewritten when the owner reorders). */
export const boardColumns = sqliteTable(
  "board_columns",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("board_columns_project_idx").on(t.projectId, t.position)],
);

export const boardLabels = sqliteTable(
  "board_labels",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
  },
  (t) => [uniqueIndex("board_labels_name_unique").on(t.projectId, t.name)],
);

/**
 * A task. `position` is a fractional-indexing key, unique within its column, so a move writes this
 * row only. `version` moves with every change (pages keep the copy with the highest); `editedVersion`
 * is the version of the last edit of its text or fields, which an edit must have seen (a move in
 * between does not make an edit stale).
 */
export const boardTasks = sqliteTable(
  "board_tasks",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    columnId: text("column_id")
      .notNull()
      .references(() => boardColumns.id, { onDelete: "cascade" }),
    position: text("position").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    labelIds: textList("label_ids"),
    dueDate: text("due_date"),
    version: integer("version").notNull().default(1),
    editedVersion: integer("edited_version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Who last edited its fields: the one a stale edit's conflict names. */
    editedBy: text("edited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("board_tasks_number_unique").on(t.projectId, t.number),
    uniqueIndex("board_tasks_position_unique").on(t.columnId, t.position),
    index("board_tasks_assignee_idx").on(t.assigneeId),
  ],
);

/** Who changed what in a task, and when: its history panel, newest first. */
export const boardTaskHistory = sqliteTable(
  "board_task_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    taskId: text("task_id")
      .notNull()
      .references(() => boardTasks.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    field: text("field").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    at: createdAt(),
  },
  (t) => [index("board_task_history_task_idx").on(t.taskId, t.id)],
);
