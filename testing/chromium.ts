/**
 * Debian's Chromium, as the browser tests and benchmarks launch it: playwright-core never downloads
 * its own browser here. Two builds of it:
 * - `chromium-headless-shell`, the browser without its windowing layers, for the browser tests,
 *   calls with fake devices included: the same pages cost it about 40% less CPU than full Chromium
 *   in headless mode (a call's, 20% less).
 * - `chromium` itself where the shell differs: its installability verdict and push subscription
 *   (push.e2e.ts), and the benchmarks, which measure what members' browsers do.
 */
import { chromium } from "playwright-core";
import { fakeCameraFile } from "./fake-camera";

export const CHROMIUM = "/usr/bin/chromium";
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const launch = (executablePath: string, extraArgs: string[]) =>
  chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });

export const launchChromium = (extraArgs: string[] = []) => launch(CHROMIUM, extraArgs);
export const launchHeadlessShell = (extraArgs: string[] = []) => launch(HEADLESS_SHELL, extraArgs);

/**
 * A camera and a microphone for calls, granted without asking (the permission prompt is the
 * browser's, not the page's): a small moving picture (testing/fake-camera.ts) and Chromium's tone.
 */
export const fakeMediaArgs = () => [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  `--use-file-for-fake-video-capture=${fakeCameraFile()}`,
];
