import { notify } from "../../lib/toast";
import type { Friend } from "./friend-card";
import { nameOf } from "./people";

/**
 * What a friend card's Message button does. Chats are not here yet, so it says so; the chat
 * feature replaces this one function with opening (or starting) the private chat with the friend.
 */
export function useMessageFriend() {
  return (friend: Friend) => notify.info("Coming Soon", `Messaging ${nameOf(friend)} is on its way.`);
}
