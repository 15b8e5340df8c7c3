/** Telling every open board of a project what changed, through its team chat's room. */
import type { BoardEvent } from "@party/protocol";
import type { Context } from "../trpc";
import { tellChat } from "../rooms/notify";
import type { TeamBoard } from "./access";

export function tellBoard(ctx: Pick<Context, "rooms" | "defer">, board: TeamBoard, event: BoardEvent) {
  // Before the first member is accepted the owner is alone and the board has no room to tell.
  if (board.chatId) tellChat(ctx, board.chatId, { type: "board", event });
}
