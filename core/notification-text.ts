/**
 * What the product says about notifications outside the app: the lines of an e-mail digest, and
 * the names of the kinds of e-mail a member can stop, as the unsubscribe link and its page say them.
 */
import type { NotificationKind } from "./enums";
import { MESSAGES_PREFERENCE, PREFERENCE_KEYS, type PreferenceKey } from "./notification-rules";

/**
 * One line of the digest: what happened, in a sentence without its full stop. `actor` is who did it
 * ('Deleted member' once their account is gone); `subject` the project's or group's name, if any.
 */
export function notificationSentence(kind: NotificationKind, actor: string, subject: string | null): string {
  const project = subject ?? "a project";
  switch (kind) {
    case "friend_request":
      return `${actor} sent you a friend request`;
    case "friend_accepted":
      return `${actor} accepted your friend request`;
    case "join_request":
      return `${actor} asked to join ${project}`;
    case "join_accepted":
      return `Your request to join ${project} was accepted`;
    case "join_declined":
      return `Your request to join ${project} was declined`;
    case "group_added":
      return `${actor} added you to ${subject ?? "a group"}`;
    case "mention":
      return `${actor} mentioned you in ${subject ?? "a chat"}`;
    case "pro_confirmed":
      return "Your Lifetime Access is confirmed";
    case "pro_refunded":
      return "Your Lifetime Access payment was refunded";
  }
}

/** The app's page a notification opens: its subject where it has one, else where that kind is answered. */
export function notificationPath(kind: NotificationKind, subjectId: string | null): string {
  switch (kind) {
    case "friend_request":
      return "/requests";
    case "friend_accepted":
      return "/friends";
    case "join_request":
      return "/my-projects";
    case "join_accepted":
    case "join_declined":
      return subjectId ? `/project/${subjectId}` : "/all-projects";
    case "group_added":
    case "mention":
      return subjectId ? `/chat/${subjectId}` : "/dashboard";
    case "pro_confirmed":
    case "pro_refunded":
      return "/settings";
  }
}

/** 'N new messages from Ada', for one private chat. */
export const unreadMessagesSentence = (count: number, from: string) =>
  `${count} new ${count === 1 ? "message" : "messages"} from ${from}`;

/** What e-mails of each kind are about: 'You will no longer get e-mails about <topic>.' */
export const EMAIL_TOPICS: Record<PreferenceKey, string> = {
  friend_request: "friend requests",
  friend_accepted: "accepted friend requests",
  join_request: "requests to join your projects",
  join_accepted: "accepted join requests",
  join_declined: "declined join requests",
  group_added: "being added to groups",
  mention: "mentions",
  pro_confirmed: "Lifetime Access confirmations",
  pro_refunded: "Lifetime Access refunds",
  [MESSAGES_PREFERENCE]: "new messages",
};

export const isPreferenceKey = (value: string): value is PreferenceKey =>
  (PREFERENCE_KEYS as readonly string[]).includes(value);

const topicList = (keys: readonly PreferenceKey[]) =>
  new Intl.ListFormat("en", { type: "conjunction" }).format(keys.map((key) => EMAIL_TOPICS[key]));

/** What the unsubscribe page says once the link turned those e-mails off. */
export const unsubscribedSentence = (keys: readonly PreferenceKey[]) =>
  `You will no longer get e-mails about ${topicList(keys)}.`;

/** The digest's link to stop one kind. */
export const stopEmailsLabel = (key: PreferenceKey) => `Stop e-mails about ${EMAIL_TOPICS[key]}`;

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. Change which e-mails you get in Settings, under Notifications.";
