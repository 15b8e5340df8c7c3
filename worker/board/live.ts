/**
 * Telling every open board of a project what changed: through its team chat's room, or, while its
 * owner is alone on it (no team chat yet), through the owner's own room, where each of their pages
 * hears it.
 */
import type { BoardEvent } from "@party/protocol";
import type { Context } from "../trpc";
import { tellChat, tellMember } from "../rooms/notify";
import type { TeamBoard } from "./access";

export function tellBoard(ctx: Pick<Context, "rooms" | "defer">, board: TeamBoard, event: BoardEvent) {
  if (board.chatId) tellChat(ctx, board.chatId, { type: "board", event });
  else tellMember(ctx, board.ownerId, { type: "board", projectId: board.id, event });
}
