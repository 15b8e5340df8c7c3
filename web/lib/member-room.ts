import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { useRef } from "react";
import type { BoardEvent, MemberRoomEvent, PokeReason } from "@party/protocol";
import { hearRing, isRingEvent } from "./calls/rings";
import { useRoomSocket } from "./room-socket";
import { firstTicket, MEMBER_ROOM_KEY, readSince } from "./tickets-ahead";
import { trpc } from "./trpc";

type BoardListener = (projectId: string, event: BoardEvent) => void;
const boardListeners = new Set<BoardListener>();

/**
 * A board's changes heard in the member's own room (a board whose owner is alone on it has no team
 * chat's room): the open board listens while it is open.
 */
export function onBoardEvent(listener: BoardListener) {
  boardListeners.add(listener);
  return () => void boardListeners.delete(listener);
}

/**
 * The member's own room, open on every signed-in page: a poke means "look again", so chat lists,
 * badges and the notification bell refresh without a reload. Every socket that opens could have
 * missed pokes from before it: a reconnect looks again at everything. The page's first socket, with
 * the ticket asked beside the page's first data, looks again only at what the room's welcome says
 * was poked since that data was read: usually nothing, which spares the page a round of requests.
 */
export function useMemberRoom(userId: string) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  /** Set while the page's first socket waits for its welcome: its data was read after this (server clock). */
  const badgesReadSince = useRef<number | null>(null);
  const opened = useRef(false);
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
  // A project's team chat is made with its first member: an open board then listens to its room.
  const refreshChats = () =>
    lookAgain(getQueryKey(trpc.chats.summary), getQueryKey(trpc.chats.list), getQueryKey(trpc.teams.chat));
  const refreshFriends = () => lookAgain(getQueryKey(trpc.friends));
  // A join request arrives as a notification: the owner's waiting count moves with the bell.
  const refreshNotifications = () => lookAgain(getQueryKey(trpc.notifications), getQueryKey(trpc.projects.myStats));
  const refresh: Record<PokeReason, () => void> = {
    message: refreshChats,
    chats: refreshChats,
    "friend-request": refreshFriends,
    notification: refreshNotifications,
  };
  const refreshAll = () => {
    refreshChats();
    refreshFriends();
    refreshNotifications();
    // An open board of the member's own, alone on it, may have missed changes while the socket was away.
    lookAgain(getQueryKey(trpc.board.get));
  };
  const ask = () => utils.client.chats.memberTicket.query();
  const ticket = async () => {
    if (opened.current) return ask();
    // The badges' data left in the page load's first batch, with this ticket.
    const { ticket: first, dated } = await firstTicket(MEMBER_ROOM_KEY, ask);
    badgesReadSince.current = dated && readSince(dated, dated.askedAt);
    return first;
  };
  useRoomSocket<MemberRoomEvent>({
    room: "member-room",
    name: userId,
    ticket,
    onOpen: () => {
      const first = !opened.current;
      opened.current = true;
      if (!first || badgesReadSince.current === null) {
        badgesReadSince.current = null;
        refreshAll();
      }
    },
    onEvent: (event) => {
      // A call ringing: the incoming-call dialog, on every page of the member at once.
      if (isRingEvent(event)) hearRing(event);
      if (event.type === "welcome") {
        const since = badgesReadSince.current;
        badgesReadSince.current = null;
        if (since === null) return;
        for (const [reason, at] of Object.entries(event.poked) as [PokeReason, number][]) {
          if (at >= since) refresh[reason]();
        }
      }
      if (event.type === "poke") refresh[event.reason]();
      if (event.type === "board") for (const listener of boardListeners) listener(event.projectId, event.event);
    },
  });
}
