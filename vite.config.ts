import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const webDir = fileURLToPath(new URL("./web", import.meta.url));
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|superjson|copy-anything|is-what|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;

export default defineConfig({
  root: webDir,
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: `${webDir}/routes`,
      generatedRouteTree: `${webDir}/routeTree.gen.ts`,
      // Each route's component is its own chunk: public pages never load the signed-in app.
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs (React, router, query + tRPC, class helpers) as one chunk: split
          // into a dozen pieces it costs more bytes and requests (bench/web.ts measures it).
          groups: [{ name: "framework", test: FRAMEWORK }],
        },
      },
    },
  },
  server: {
    host: "127.0.0.1",
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.PORT ?? 8787}` } },
  },
});
