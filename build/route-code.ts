/**
 * The code a page's routes render with, named in the page the build writes (build/prerender.ts):
 * each route's component (its own chunk, split off by TanStack Router's code splitting) and every
 * chunk that imports. The loader fetches them beside the app's modules, a few links per task
 * (web/load-app.ts). Asked for by main.tsx instead, they waited for the app's modules to arrive and
 * run, and Vite's preload helper added their links in one task: each costs the main thread about a
 * third of a millisecond (three on a phone's slower CPU), 120–200 ms of the signed-in pages' first
 * long task on a phone.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Rollup } from "vite";
import { staticImports } from "./preload-missing";

/**
 * The file whose component a chunk is, if it is one: TanStack Router's code splitting names the
 * module `<file>?tsr-split=<parts>`, the parts split off together joined by `---` (a route may keep
 * its pending component with its component, as _authed.tsx does).
 */
function componentOf(chunk: Rollup.OutputChunk) {
  const [file, query] = chunk.facadeModuleId?.split("?") ?? [];
  const parts = new URLSearchParams(query).get("tsr-split")?.split("---");
  return parts?.includes("component") ? file : undefined;
}

/** The file a route id names, by TanStack Router's file-based conventions; throws if none or two do. */
export function routeFile(routesDir: string, routeId: string) {
  const candidates =
    routeId === "__root__"
      ? ["__root.tsx"]
      : routeId.endsWith("/")
        ? [`${routeId}index.tsx`]
        : [`${routeId}.tsx`, `${routeId}/route.tsx`];
  const found = candidates.map((file) => join(routesDir, file)).filter((file) => existsSync(file));
  if (found.length !== 1) throw new Error(`Route ${routeId} is in ${found.length} files of ${candidates.join(", ")}`);
  return found[0]!;
}

/**
 * The chunks of the routes' components and all they import, by file name, in that order, less
 * `loaded` (what the page fetches already). A route without a component of its own has no chunk.
 */
export function routeCode(bundle: Rollup.OutputBundle, routeFiles: string[], loaded: ReadonlySet<string>) {
  const components = new Map<string, string>();
  for (const output of Object.values(bundle)) {
    const file = output.type === "chunk" ? componentOf(output) : undefined;
    if (file) components.set(file, output.fileName);
  }
  const imports = staticImports(bundle);
  const files = new Set<string>();
  for (const route of routeFiles) {
    const component = components.get(route);
    if (!component) continue;
    for (const file of [component, ...imports.get(component)!]) if (!loaded.has(file)) files.add(file);
  }
  return [...files];
}
