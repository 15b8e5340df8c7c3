import { NOTIFICATION_KINDS, type NotificationKind } from "./enums";

/** The channels besides the app itself, where every notification always shows. */
export interface NotificationChannels {
  email: boolean;
  push: boolean;
}

/**
 * What reaches a member who never changed their preferences: what waits on them (a request) or
 * names them (a mention) by e-mail and push too; the rest in the app only.
 */
export const DEFAULT_CHANNELS: Record<NotificationKind, NotificationChannels> = {
  friend_request: { email: true, push: true },
  friend_accepted: { email: false, push: false },
  join_request: { email: true, push: true },
  join_accepted: { email: false, push: false },
  join_declined: { email: false, push: false },
  group_added: { email: false, push: false },
  mention: { email: true, push: true },
  pro_confirmed: { email: false, push: false },
  pro_refunded: { email: false, push: false },
  missed_call: { email: false, push: true },
  task_assigned: { email: true, push: true },
};

/**
 * Unread private messages are not notification rows, but they reach a member who is away by the same
 * channels; their preference is kept under this name beside the kinds.
 */
export const MESSAGES_PREFERENCE = "message" as const;
export const DEFAULT_MESSAGE_CHANNELS: NotificationChannels = { email: true, push: true };

export const PREFERENCE_KEYS = [...NOTIFICATION_KINDS, MESSAGES_PREFERENCE] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

/** The channels a preference key has while the member never chose. */
export const defaultChannels = (key: PreferenceKey): NotificationChannels =>
  key === MESSAGES_PREFERENCE ? DEFAULT_MESSAGE_CHANNELS : DEFAULT_CHANNELS[key];

/** The unread count the bell shows stops counting here ('99+'), so counting never grows with a backlog. */
export const UNREAD_COUNT_CAP = 100;
/** Still unread after this long, a notification goes into the next e-mail digest ... */
export const DIGEST_DELAY_MS = 10 * 60_000;
/** ... and a member gets one digest an hour at most. */
export const DIGEST_INTERVAL_MS = 60 * 60_000;
/** The bell's panel shows this many, newest first. */
export const PANEL_SIZE = 20;
