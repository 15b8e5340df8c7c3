/**
 * What the product says about notifications outside the app: the lines of an e-mail digest, and
 * the names of the kinds of e-mail a member can stop, as the unsubscribe link and its page say them.
 */
import { MESSAGES_PREFERENCE, PREFERENCE_KEYS, type PreferenceKey } from "./notification-rules";

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
  missed_call: "missed calls",
  task_assigned: "tasks assigned to you",
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
