import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The layering is held by `eslint.config.js`, the very config `npm run lint` runs. Type information
 * is turned off here only so that lines of text can be linted as if they sat at a path.
 */
const eslint = new ESLint({
  overrideConfig: [{ files: ["**/*.{ts,tsx}"], ...tseslint.configs.disableTypeChecked }],
});

async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.fatal || message.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((message) => message.message);
}

describe("the layering fails the lint", () => {
  it.each([
    ["web/lib/example.ts", 'import { appRouter } from "@worker/routers";', "web/ imports only types"],
    ["web/routes/example.tsx", 'import { users } from "../../db/schema";', "web/ imports only types"],
    ["web/lib/example.ts", 'import { issueTicket } from "@party/ticket";', "web/ imports only types"],
    ["core/example.ts", 'import { users } from "@db/schema";', "core/ imports nothing of ours"],
    ["core/example.ts", 'import { toWire } from "../party/wire";', "core/ imports nothing of ours"],
    ["db/example.ts", 'import { sendMail } from "@worker/mail/outbox";', "db/ imports only core/"],
    ["worker/app.ts", 'import { chatsRouter } from "./routers/chats";', "Routers are reached only"],
    ["worker/chats/example.ts", 'import { chatsRouter } from "@worker/routers/chats";', "Routers are reached only"],
    ["worker/routers/messages.ts", 'import { chatsRouter } from "./chats";', "A router imports no other router"],
  ])("%s: %s", async (filePath, code, expected) => {
    expect(await layeringErrors(filePath, code)).toEqual([expect.stringContaining(expected)]);
  });

  it.each([
    ["web/lib/example.ts", 'import type { AppRouter } from "@worker/routers";'],
    ["web/lib/example.ts", 'import { clientMessages } from "@party/wire";'],
    ["web/lib/example.ts", 'import { CHAT_RULES } from "@core/chat-rules";'],
    ["web/lib/trpc.test.ts", 'import { appRouter } from "@worker/routers";'],
    ["db/example.ts", 'import { ROLES } from "../core/enums";'],
    ["worker/app.ts", 'import { appRouter } from "./routers";'],
    ["worker/routers/index.ts", 'import { chatsRouter } from "./chats";'],
    ["worker/routers/chats.test.ts", 'import { chatsRouter } from "./chats";'],
  ])("%s may: %s", async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });
});
