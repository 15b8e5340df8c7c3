/**
 * The digest as an e-mail: a line per notification and per private chat with unread messages, each
 * opening its page; a link to the notification settings; a link per kind it told of that stops
 * e-mails of that kind; and the List-Unsubscribe headers (RFC 2369, RFC 8058) that let a mail
 * client stop every kind in it with one click.
 */
import type { NotificationKind } from "@core/enums";
import { MESSAGES_PREFERENCE, type PreferenceKey } from "@core/notification-rules";
import { stopEmailsLabel, unreadMessagesSentence } from "@core/notification-text";
import { composeEmail, type EmailContent, type EmailLink } from "../mail/layout";
import { describe, SYSTEM_KINDS } from "./describe";
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PAGE, unsubscribeQuery } from "./unsubscribe";

export const DIGEST_SUBJECT = "What you missed on Crewboard";
/** Where the digest's settings link goes: the Notifications part of Settings. */
export const NOTIFICATION_SETTINGS_PATH = "/settings#notifications";

export interface DigestNotification {
  kind: NotificationKind;
  actorId: string | null;
  actor: string;
  subject: string | null;
  subjectId: string | null;
}

export interface DigestChat {
  chatId: string;
  /** The other member of the private chat. */
  from: string;
  count: number;
}

export interface Digest {
  member: string;
  /** Listed one by one, oldest first. */
  notifications: DigestNotification[];
  /** Taken into this digest beyond those listed: said as one line. */
  more: number;
  chats: DigestChat[];
}

/** What the digest told of, by preference key: what its unsubscribe links stop. */
export const kindsIn = ({ notifications, chats }: Digest): PreferenceKey[] => [
  ...new Set<PreferenceKey>([...notifications.map((n) => n.kind), ...(chats.length ? [MESSAGES_PREFERENCE] : [])]),
];

export async function composeDigest(
  appUrl: string,
  secret: string,
  digest: Digest,
): Promise<{ content: EmailContent; headers: Record<string, string> }> {
  const at = (path: string) => `${appUrl}${path}`;
  const items: EmailLink[] = [
    ...digest.notifications.map((n) => {
      const { text, url } = describe(n.kind, { actorId: n.actorId, subjectId: n.subjectId, subjectTitle: n.subject });
      return { text: SYSTEM_KINDS.has(n.kind) ? text : `${n.actor} ${text}`, url: at(url) };
    }),
    ...(digest.more
      ? [
          {
            text: `${digest.more} more ${digest.more === 1 ? "notification" : "notifications"}`,
            url: at("/notifications"),
          },
        ]
      : []),
    ...digest.chats.map((chat) => ({
      text: unreadMessagesSentence(chat.count, chat.from),
      url: at(`/chat/${chat.chatId}`),
    })),
  ];
  const kinds = kindsIn(digest);
  const stopLinks = await Promise.all(
    kinds.map(async (kind) => ({
      text: stopEmailsLabel(kind),
      url: at(`${UNSUBSCRIBE_PAGE}?${await unsubscribeQuery(secret, { member: digest.member, kinds: [kind] })}`),
    })),
  );
  const oneClick = at(
    `${ONE_CLICK_UNSUBSCRIBE_PATH}?${await unsubscribeQuery(secret, { member: digest.member, kinds })}`,
  );
  return {
    content: composeEmail({
      subject: DIGEST_SUBJECT,
      heading: "While you were away",
      paragraphs: ["Here is what happened on Crewboard since you last looked."],
      items,
      action: { label: "Open Crewboard", url: at("/dashboard") },
      after: ["You get this e-mail because e-mail is on for these in your notification settings."],
      links: [{ text: "Notification settings", url: at(NOTIFICATION_SETTINGS_PATH) }, ...stopLinks],
    }),
    headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
