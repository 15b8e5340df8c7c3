/** How the API addresses a call command to a chat's room, on either transport. */
import { CALL_COMMAND_QUERY, type CallCommand } from "./call-signals";
import { noticeHeaders, noticePath } from "./protocol";

/** The chat's notice path, marked as a call command: the room answers it with JSON. */
export const callCommandPath = (chatId: string) => `${noticePath("chat-room", chatId)}?${CALL_COMMAND_QUERY}`;

export const callCommandRequest = (origin: string, chatId: string, secret: string, command: CallCommand) =>
  new Request(`${origin}${callCommandPath(chatId)}`, {
    method: "POST",
    headers: noticeHeaders(secret),
    body: JSON.stringify(command),
  });
