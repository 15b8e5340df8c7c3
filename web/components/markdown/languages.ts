import type { LanguageFn } from "highlight.js";

type Grammar = () => Promise<{ default: LanguageFn }>;

/**
 * The languages developers paste most, each its own chunk, fetched the first time a block in it
 * shows. Every import is written out so that the build makes exactly these chunks.
 */
const GRAMMARS: Record<string, Grammar> = {
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  diff: () => import("highlight.js/lib/languages/diff"),
  dockerfile: () => import("highlight.js/lib/languages/dockerfile"),
  go: () => import("highlight.js/lib/languages/go"),
  graphql: () => import("highlight.js/lib/languages/graphql"),
  ini: () => import("highlight.js/lib/languages/ini"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  php: () => import("highlight.js/lib/languages/php"),
  python: () => import("highlight.js/lib/languages/python"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  scss: () => import("highlight.js/lib/languages/scss"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};

/** Other names members write after the fence for the same languages. */
const ALIASES: Record<string, keyof typeof GRAMMARS> = {
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  h: "c",
  "c++": "cpp",
  cc: "cpp",
  cxx: "cpp",
  hpp: "cpp",
  cs: "csharp",
  "c#": "csharp",
  patch: "diff",
  docker: "dockerfile",
  golang: "go",
  gql: "graphql",
  toml: "ini",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsonc: "json",
  kt: "kotlin",
  kts: "kotlin",
  md: "markdown",
  py: "python",
  rb: "ruby",
  rs: "rust",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  html: "xml",
  svg: "xml",
  yml: "yaml",
};

/** The grammar's name for a fence's language, or null for one without a grammar here. */
export function languageOf(lang: string | undefined): string | null {
  const name = lang?.trim().toLowerCase();
  if (!name) return null;
  if (Object.hasOwn(GRAMMARS, name)) return name;
  return Object.hasOwn(ALIASES, name) ? ALIASES[name]! : null;
}

export const grammarOf = (language: string) => GRAMMARS[language]!;
