import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layering (README "Map"), held by the linter: each block below lists every import its files
 * may not make. Flat config replaces a rule's options rather than merging them, so each file glob's
 * list is whole.
 */
const ourFolders = "bench|build|core|db|party|testing|web|worker";
/** A router is reached only through the app's router, `worker/routers/index.ts`. */
const aRouter = {
  regex: "^(@worker/|(\\.\\./)+|\\./)routers/(?!index$)",
  message: "Routers are reached only through the app's router (worker/routers/index.ts).",
};
const layers = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...patterns, aRouter] }],
});
const layering = [
  { files: ["**/*.{ts,tsx}"], rules: layers() },
  {
    files: ["worker/routers/*.ts"],
    ignores: ["worker/routers/index.ts", "worker/routers/*.test.ts"],
    rules: layers(
      {
        regex: "^\\./",
        message: "A router imports no other router; shared logic lives in a domain module.",
      },
      {
        regex: "^(drizzle-orm(/.*)?|@db/schema)$",
        allowTypeImports: true,
        message: "A router validates, authorizes and calls domain modules; its SQL lives in them.",
      },
    ),
  },
  {
    files: ["core/**"],
    rules: layers({ regex: `^(@(${ourFolders})/|\\.\\./)`, message: "core/ imports nothing of ours." }),
  },
  {
    files: ["db/**"],
    rules: layers({
      regex: `^(@(?!core/)(${ourFolders})/|\\.\\./(?!core/))`,
      message: "db/ imports only core/.",
    }),
  },
  {
    // The pages take only types from the server side; party/wire.ts and party/call-wire.ts are the
    // rooms' zod-free wire code written for the pages to run.
    files: ["web/**"],
    ignores: ["web/e2e/**", "web/**/*.test.{ts,tsx}"],
    rules: layers({
      regex: "^(@|(\\.\\./)+)(worker|db|party)/(?!(wire|call-wire)$)",
      allowTypeImports: true,
      message: "web/ imports only types from worker/, db/ and party/.",
    }),
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      ".build/",
      ".data/",
      ".bench/",
      "**/.wrangler/",
      ".e2e-artifacts/",
      "db/migrations/",
      "web/routeTree.gen.ts",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // TanStack Router's `redirect` and `notFound` are thrown by design.
      "@typescript-eslint/only-throw-error": [
        "error",
        { allow: [{ from: "package", package: "@tanstack/router-core", name: ["Redirect", "NotFoundError"] }] },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { varsIgnorePattern: "^_", argsIgnorePattern: "^_" }],
      // Vitest reads a fixture's dependencies from its first parameter's pattern, empty when it has none.
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
    },
  },
  { files: ["web/**/*.{ts,tsx}"], ...reactHooks.configs.flat.recommended },
  {
    files: ["web/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Components that take `autoFocus` pass on where the keyboard already was; DOM elements may not.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    // Tests, their stand-ins and benchmarks read untyped JSON and rows off the wire on purpose,
    // and stand-ins keep async signatures of what they stand in for.
    files: ["**/*.test.ts", "**/*.concurrency.ts", "**/*.journey.ts", "web/e2e/**", "testing/**", "bench/**"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      "@typescript-eslint/no-misused-promises": "off",
    },
  },
  ...layering,
  { files: ["**/*.js"], ...tseslint.configs.disableTypeChecked },
  prettier,
);
