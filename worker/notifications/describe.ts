/**
 * What a notification says and where it leads, in one place: the bell's panel, the /notifications
 * page and a push to the member's phone all read these words, so they never disagree.
 */
import type { NotificationKind } from "@core/enums";

/** Kinds nobody did: the payment provider's word, not a member's. They carry no actor. */
export const SYSTEM_KINDS: ReadonlySet<NotificationKind> = new Set(["pro_confirmed", "pro_refunded"]);

export interface Subject {
  actorId: string | null;
  /** The project's or the chat's id, for the kinds that have one. */
  subjectId: string | null;
  /** Its title as it is now; null once it is gone. */
  subjectTitle: string | null;
}

export interface Described {
  /** A short headline, for a push's title. */
  title: string;
  /** What happened, after the actor's name ('sent you a friend request'); the whole sentence for system kinds. */
  text: string;
  /** The page that opens it. */
  url: string;
}

const project = (s: Subject) => s.subjectTitle ?? "a deleted project";
const group = (s: Subject) => s.subjectTitle ?? "a group";
const projectUrl = (s: Subject) => (s.subjectId ? `/project/${s.subjectId}` : "/my-projects");
const chatUrl = (s: Subject) => (s.subjectId ? `/chat/${s.subjectId}` : "/friends");

const DESCRIBE: Record<NotificationKind, (s: Subject) => Described> = {
  friend_request: () => ({ title: "New friend request", text: "sent you a friend request", url: "/requests" }),
  friend_accepted: (s) => ({
    title: "Friend request accepted",
    text: "accepted your friend request",
    url: s.actorId ? `/member/${s.actorId}` : "/friends",
  }),
  join_request: (s) => ({ title: "New join request", text: `asked to join ${project(s)}`, url: projectUrl(s) }),
  join_accepted: (s) => ({
    title: "Join request accepted",
    text: `accepted your request to join ${project(s)}`,
    url: projectUrl(s),
  }),
  join_declined: (s) => ({
    title: "Join request declined",
    text: `declined your request to join ${project(s)}`,
    url: projectUrl(s),
  }),
  group_added: (s) => ({ title: "Added to a group", text: `added you to ${group(s)}`, url: chatUrl(s) }),
  mention: (s) => ({ title: "New mention", text: `mentioned you in ${group(s)}`, url: chatUrl(s) }),
  missed_call: (s) => ({ title: "Missed call", text: "tried to call you", url: chatUrl(s) }),
  task_assigned: (s) => ({
    title: "Task assigned to you",
    text: `assigned you a task in ${project(s)}`,
    url: s.subjectId ? `/project/${s.subjectId}/board` : "/my-projects",
  }),
  pro_confirmed: () => ({
    title: "Lifetime Access confirmed",
    text: "Your Lifetime Access is confirmed. Thank you for your support!",
    url: "/settings",
  }),
  pro_refunded: () => ({
    title: "Lifetime Access refunded",
    text: "Your Lifetime Access payment was refunded.",
    url: "/settings",
  }),
};

export const describe = (kind: NotificationKind, subject: Subject): Described => DESCRIBE[kind](subject);
