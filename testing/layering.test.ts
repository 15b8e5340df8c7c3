import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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
    ["worker/routers/messages.ts", 'import { eq } from "drizzle-orm";', "its SQL lives in them"],
    ["worker/routers/messages.ts", 'import { messages } from "@db/schema";', "its SQL lives in them"],
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
    ["worker/routers/chats.test.ts", 'import { messages } from "@db/schema";'],
    ["worker/routers/credentials.ts", 'import type { User } from "@db/schema";'],
    ["worker/chats/messages.ts", 'import { eq } from "drizzle-orm";'],
  ])("%s may: %s", async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });
});

/** Each folder of `worker/` and the folders its modules import (tests aside; the entry files at the top are the app). */
function workerFolderImports() {
  const root = fileURLToPath(new URL("../worker/", import.meta.url));
  const edges = new Map<string, Set<string>>();
  const folderOf = (path: string) => (path.includes("/") ? path.split("/")[0]! : null);
  for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const from = folderOf(file);
    if (!from || !/\.tsx?$/.test(file) || /\.(test|concurrency|journey)\.ts$/.test(file)) continue;
    for (const [, specifier] of readFileSync(join(root, file), "utf8").matchAll(/\bfrom\s+"([^"]+)"/g)) {
      const target = specifier!.startsWith("@worker/")
        ? specifier!.slice("@worker/".length)
        : specifier!.startsWith(".")
          ? relative(root, resolve(root, dirname(file), specifier!))
          : null;
      const to = target && !target.startsWith("..") ? folderOf(target) : null;
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** A path of folders that leads back to where it started, if any. */
function circleIn(edges: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const visit = (folder: string, path: string[]): string[] | null => {
    if (path.includes(folder)) return [...path.slice(path.indexOf(folder)), folder];
    if (done.has(folder)) return null;
    for (const next of edges.get(folder) ?? []) {
      const circle = visit(next, [...path, folder]);
      if (circle) return circle;
    }
    done.add(folder);
    return null;
  };
  for (const folder of edges.keys()) {
    const circle = visit(folder, []);
    if (circle) return circle;
  }
  return null;
}

describe("the folders of worker/", () => {
  it("import one another in one direction only: no circle", () => {
    const edges = workerFolderImports();
    expect(edges.get("routers")?.has("chats")).toBe(true);
    expect(circleIn(edges)).toBeNull();
  });

  it("a circle is found when there is one", () => {
    const edges = new Map([
      ["chats", new Set(["people"])],
      ["people", new Set(["reach"])],
      ["reach", new Set(["chats"])],
    ]);
    expect(circleIn(edges)).toEqual(["chats", "people", "reach", "chats"]);
  });
});
