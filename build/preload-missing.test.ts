import type { Rollup } from "vite";
import { describe, expect, test } from "vitest";
import { preloadMissing } from "./preload-missing";

const chunk = (fileName: string, imports: string[]) => ({ type: "chunk", fileName, imports }) as Rollup.OutputChunk;

/** An entry that imports React and the framework (which imports React too), and lazy pages sharing a chunk. */
const bundle = Object.fromEntries(
  [
    chunk("assets/main.js", ["assets/framework.js"]),
    chunk("assets/framework.js", ["assets/react.js"]),
    chunk("assets/react.js", []),
    chunk("assets/page.js", ["assets/framework.js", "assets/shared.js"]),
    chunk("assets/shared.js", ["assets/react.js"]),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

function generated() {
  const { plugin, resolveDependencies } = preloadMissing();
  const hook = plugin.generateBundle as {
    handler: (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void;
  };
  hook.handler.call({}, {}, bundle);
  return (host: string, deps: string[]) =>
    resolveDependencies!("assets/page.js", deps, { hostId: host, hostType: "js" });
}

describe("a lazy import's preload list", () => {
  test("leaves out what its importer imports statically, directly or through another chunk", () => {
    const resolve = generated();
    expect(
      resolve("assets/main.js", ["assets/page.js", "assets/framework.js", "assets/react.js", "assets/shared.js"]),
    ).toEqual(["assets/page.js", "assets/shared.js"]);
  });

  test("keeps every chunk for an importer that imports none of them", () => {
    const resolve = generated();
    expect(resolve("assets/react.js", ["assets/page.js", "assets/shared.js"])).toEqual([
      "assets/page.js",
      "assets/shared.js",
    ]);
  });
});
