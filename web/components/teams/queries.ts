import { useMemo } from "react";
import { trpc } from "@web/lib/trpc";

/** The team chats the member is in, by project id: My Projects puts 'Team chat' on those cards. */
export function useTeamChats() {
  const chats = trpc.teams.chats.useQuery(undefined, { refetchOnWindowFocus: true });
  return useMemo(() => new Map(chats.data?.map(({ projectId, chatId }) => [projectId, chatId])), [chats.data]);
}
