/**
 * What a lazy import preloads, less what its importer already imports statically: those chunks ran
 * before the importer's code could ask for anything, so naming them again only costs bytes. The
 * entry named React DOM, the framework and four more chunks in the preload list of every lazy
 * route (0.2 KB gzip of every page's first load).
 */
import type { Plugin, Rollup, UserConfig } from "vite";

type ModulePreload = Exclude<NonNullable<NonNullable<UserConfig["build"]>["modulePreload"]>, boolean>;

/** Every chunk each chunk imports statically, directly or through another, by file name. */
export function staticImports(bundle: Rollup.OutputBundle) {
  const found = new Map<string, Set<string>>();
  const of = (file: string): Set<string> => {
    const known = found.get(file);
    if (known) return known;
    const imports = new Set<string>();
    found.set(file, imports);
    const chunk = bundle[file];
    if (chunk?.type === "chunk") {
      for (const imported of chunk.imports) {
        imports.add(imported);
        for (const further of of(imported)) imports.add(further);
      }
    }
    return imports;
  };
  for (const file of Object.keys(bundle)) of(file);
  return found;
}

export function preloadMissing(): { plugin: Plugin; resolveDependencies: ModulePreload["resolveDependencies"] } {
  let loaded = new Map<string, Set<string>>();
  return {
    plugin: {
      name: "crewboard-preload-missing",
      // Before Vite writes the preload lists, which it does as the bundle is generated.
      generateBundle: {
        order: "pre",
        handler(_, bundle) {
          loaded = staticImports(bundle);
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => {
      const already = loaded.get(hostId);
      return already ? deps.filter((dep) => !already.has(dep)) : deps;
    },
  };
}
