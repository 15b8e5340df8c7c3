import { notify } from "../../lib/toast";
import { nameOf } from "./people";

/** Who a Message button writes to: a friend card's friend, or the friend a profile shows. */
export interface MessageTarget {
  id: string;
  displayName: string | null;
  email?: string | null;
}

/**
 * What every Message button does (friend cards, a friend's profile). Chats are not here yet, so
 * it says so; the chat feature replaces this one function with opening (or starting) the private
 * chat with that member.
 */
export function useMessageFriend() {
  return (friend: MessageTarget) => notify.info("Coming Soon", `Messaging ${nameOf(friend)} is on its way.`);
}
