import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import type { MemberRoomEvent } from "@party/protocol";
import { hearRing, isRingEvent } from "./calls/rings";
import { useRoomSocket } from "./room-socket";
import { trpc } from "./trpc";

/**
 * The member's own room, open on every signed-in page: a poke means "look again", so chat lists,
 * badges and the notification bell refresh without a reload. After any reconnect they refresh too, for pokes missed.
 */
export function useMemberRoom(userId: string) {
  const queryClient = useQueryClient();
  const ticket = trpc.chats.memberTicket.useMutation();
  /**
   * A fetch already under way is let finish: cancelling it, as a refetch does by default, would throw
   * away the page a member just asked for with 'Load more'. It may have left before what the poke
   * is about, so one more look follows it.
   */
  const lookAgain = (...keys: QueryKey[]) => {
    for (const queryKey of keys) {
      const underWay = queryClient.isFetching({ queryKey }) > 0;
      const look = () => queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
      void look().then(() => (underWay ? look() : undefined));
    }
  };
  const refreshChats = () => lookAgain(getQueryKey(trpc.chats.summary), getQueryKey(trpc.chats.list));
  const refreshFriends = () => lookAgain(getQueryKey(trpc.friends));
  // A join request arrives as a notification: the owner's waiting count moves with the bell.
  const refreshNotifications = () => lookAgain(getQueryKey(trpc.notifications), getQueryKey(trpc.projects.myStats));
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
