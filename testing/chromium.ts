/** Debian's Chromium, as the browser tests and benchmarks launch it: playwright-core never downloads its own browser here. */
import { chromium } from "playwright-core";
import { fakeCameraFile } from "./fake-camera";

export const launchChromium = (extraArgs: string[] = []) =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
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

/**
 * A camera and a microphone for calls, granted without asking (the permission prompt is the
 * browser's, not the page's): a small moving picture (testing/fake-camera.ts) and Chromium's tone.
 */
export const fakeMediaArgs = () => [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  `--use-file-for-fake-video-capture=${fakeCameraFile()}`,
];
