/**
 * The installable app: vite-plugin-pwa writes the web app manifest, the icons (generated from the
 * logo, web/public/favicon.svg, at the sizes install prompts and Lighthouse ask for, a maskable one
 * among them) and the service worker (web/service-worker/sw.ts, with the list of files to precache
 * injected). The app registers the worker itself (web/lib/service-worker.ts): a plugin-made
 * registration script would be an inline script the CSP refuses, or one more script on every page.
 */
import type { Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { DEFAULT_DESCRIPTION } from "../web/lib/head";
import { OFFLINE_PAGE_FILE } from "../web/service-worker/offline-page";

/** The logo's own indigo, behind the maskable and Apple icons, which are cropped to a shape. */
const LOGO_COLOR = "#4f46e5";
/** The app's background (styles.css `--background`, light and dark), which its top bar shows through. */
export const THEME_COLORS = { light: "#fbfcfe", dark: "#0a0d14" } as const;

/** The browser's own bars follow the page's theme, as the top bar under them does. */
const themeColorMeta = (): Plugin => ({
  name: "crewboard-theme-color",
  transformIndexHtml: () =>
    Object.entries(THEME_COLORS).map(([scheme, color]) => ({
      tag: "meta",
      attrs: { name: "theme-color", content: color, media: `(prefers-color-scheme: ${scheme})` },
      injectTo: "head",
    })),
});

export function installableApp(): Plugin[] {
  const filled = { padding: 0.3, resizeOptions: { background: LOGO_COLOR, fit: "contain" as const } };
  return [
    ...VitePWA({
      strategies: "injectManifest",
      srcDir: "service-worker",
      filename: "sw.ts",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Crewboard",
        short_name: "Crewboard",
        description: DEFAULT_DESCRIPTION,
        // Members open the app to their dashboard; signed out, it sends them to sign in.
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        lang: "en",
        theme_color: THEME_COLORS.light,
        background_color: THEME_COLORS.light,
        categories: ["productivity", "social"],
      },
      pwaAssets: {
        image: "public/favicon.svg",
        preset: {
          transparent: { sizes: [64, 192, 512], favicons: [[48, "favicon.ico"]] },
          maskable: { sizes: [512], ...filled },
          apple: { sizes: [180], ...filled },
        },
        htmlPreset: "2023",
        includeHtmlHeadLinks: true,
        injectThemeColor: false,
      },
      injectManifest: {
        // The app shell: code, styles, icons and the offline page. Pages themselves come from the
        // network (sw.ts), and the compressed copies are the Node host's own business.
        globPatterns: ["assets/**/*.{js,css}", "*.{png,ico,svg}", OFFLINE_PAGE_FILE],
        globIgnores: ["**/*.{gz,br}"],
      },
    }),
    themeColorMeta(),
  ];
}
