/** Debian's Chromium, as the browser tests and benchmarks launch it: playwright-core never downloads its own browser here. */
import { chromium } from "playwright-core";

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
 * A camera and a microphone for calls: Chromium's own test pattern and tone, granted without asking
 * (the permission prompt is the browser's, not the page's).
 */
export const FAKE_MEDIA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];
