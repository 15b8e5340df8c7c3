import type { WireMessage } from "../party/protocol";

/** A stored message as rooms and pages see it, for tests: its sequence number decides the rest unless given. */
export const wireMessage = (seq: number, fields: Partial<WireMessage> = {}): WireMessage => ({
  id: seq * 10,
  chatId: "c",
  seq,
  senderId: "ada",
  clientId: `c${seq}`,
  content: `m${seq}`,
  messageType: "text",
  createdAt: seq,
  replyTo: null,
  editedAt: null,
  deletedAt: null,
  reactions: {},
  attachments: [],
  changeSeq: 0,
  previewRemoved: false,
  ...fields,
});
