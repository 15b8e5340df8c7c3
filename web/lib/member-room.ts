import type { MemberRoomEvent } from "@party/protocol";
import { hearRing, isRingEvent } from "./calls/rings";
import { useRoomSocket } from "./room-socket";
import { trpc } from "./trpc";

/**
 * The member's own room, open on every signed-in page: a poke means "look again", so chat lists,
 * badges and the notification bell refresh without a reload. After any reconnect they refresh too, for pokes missed.
 */
export function useMemberRoom(userId: string) {
  const utils = trpc.useUtils();
  const ticket = trpc.chats.memberTicket.useMutation();
  const refreshChats = () => {
    void utils.chats.summary.invalidate();
    void utils.chats.list.invalidate();
  };
  const refreshFriends = () => void utils.friends.invalidate();
  // A join request arrives as a notification: the owner's waiting count moves with the bell.
  const refreshNotifications = () => {
    void utils.notifications.invalidate();
    void utils.projects.myStats.invalidate();
  };
  useRoomSocket<MemberRoomEvent>({
    room: "member-room",
    name: userId,
    ticket: () => ticket.mutateAsync(),
    onOpen: () => {
      refreshChats();
      refreshFriends();
      refreshNotifications();
    },
    onEvent: (event) => {
      // A call ringing: the incoming-call dialog, on every page of the member at once.
      if (isRingEvent(event)) hearRing(event);
      if (event.type !== "poke") return;
      if (event.reason === "friend-request") refreshFriends();
      else if (event.reason === "notification") refreshNotifications();
      else refreshChats();
    },
  });
}
