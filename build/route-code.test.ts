import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Rollup } from "vite";
import { afterAll, describe, expect, test } from "vitest";
import { routeCode, routeFile } from "./route-code";

const routes = mkdtempSync(join(tmpdir(), "crewboard-routes-"));
for (const file of [
  "__root.tsx",
  "_authed.tsx",
  "_authed/chat/$chatId.tsx",
  "_site/index.tsx",
  "auth/route.tsx",
  "twice.tsx",
  "twice/route.tsx",
]) {
  mkdirSync(dirname(join(routes, file)), { recursive: true });
  writeFileSync(join(routes, file), "");
}
afterAll(() => rmSync(routes, { recursive: true, force: true }));

describe("the file of a route id", () => {
  test("follows the router's file conventions", () => {
    expect(routeFile(routes, "__root__")).toBe(join(routes, "__root.tsx"));
    expect(routeFile(routes, "/_authed")).toBe(join(routes, "_authed.tsx"));
    expect(routeFile(routes, "/_authed/chat/$chatId")).toBe(join(routes, "_authed/chat/$chatId.tsx"));
    expect(routeFile(routes, "/_site/")).toBe(join(routes, "_site/index.tsx"));
    expect(routeFile(routes, "/auth")).toBe(join(routes, "auth/route.tsx"));
  });

  test("refuses an id no file or two files could be", () => {
    expect(() => routeFile(routes, "/nowhere")).toThrow("Route /nowhere is in 0 files");
    expect(() => routeFile(routes, "/twice")).toThrow("Route /twice is in 2 files");
  });
});

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) =>
  ({ type: "chunk", fileName, imports, facadeModuleId }) as Rollup.OutputChunk;

/** Two routes' components (one kept with its pending component), what they import, and an error component. */
const bundle = Object.fromEntries(
  [
    chunk("assets/main.js", ["assets/react.js"], "/r/main.tsx"),
    chunk("assets/react.js", []),
    chunk(
      "assets/authed.js",
      ["assets/data.js", "assets/react.js"],
      "/r/_authed.tsx?tsr-split=component---pendingComponent",
    ),
    chunk("assets/data.js", ["assets/query.js"]),
    chunk("assets/query.js", []),
    chunk("assets/chat.js", ["assets/data.js", "assets/list.js"], "/r/chat.tsx?tsr-split=component"),
    chunk("assets/list.js", []),
    chunk("assets/chat-error.js", ["assets/react.js"], "/r/chat.tsx?tsr-split=errorComponent"),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

describe("a page's route code", () => {
  test("names each route's component and all it imports, once each, less what the page loads already", () => {
    expect(routeCode(bundle, ["/r/__root.tsx", "/r/_authed.tsx", "/r/chat.tsx"], new Set(["assets/react.js"]))).toEqual(
      ["assets/authed.js", "assets/data.js", "assets/query.js", "assets/chat.js", "assets/list.js"],
    );
  });

  test("names nothing for a route without a component of its own", () => {
    expect(routeCode(bundle, ["/r/__root.tsx"], new Set())).toEqual([]);
  });
});
