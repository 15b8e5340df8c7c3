// Own host: its processes trust this file's push-service stand-in's certificate; full Chromium, whose push and install checks it reads.
/**
 * The installable app and push, as a member's browser meets them: the manifest and icons an install
 * prompt reads (and Chromium's own installability verdict, what Lighthouse's installable audit
 * reports), the service worker taking over and keeping the API out of its cache, the offline page,
 * and notifications enabled from Settings, then a message pushed to the device while its member is
 * away, decrypted by the push-service stand-in with the device's keys.
 *
 * Chromium's own `pushManager.subscribe` registers with Google's push service, which cannot be
 * reached here (the first test shows it fails): the page's PushManager is stubbed to hand out a
 * subscription at the local stand-in, keys made by the test, so everything from the press of the
 * button to the decrypted push is real but the browser's registration with Google.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { PUSH_ENDPOINT_INVALID, type PushPayload } from "@core/push-rules";
import { eventually } from "@testing/rooms-process";
import { deviceKeys, startPushStandIn, type TestDevice } from "@testing/push-stand-in";
import { httpRooms } from "@worker/rooms/http-rooms";
import { fullChromiumTest } from "./harness";
import { call, friendsInChat, person } from "./people";
import { call as uiCall, toast } from "./ui";

const test = fullChromiumTest
  .extend("pushService", { scope: "file" }, async ({}, { onCleanup }) => {
    const standIn = await startPushStandIn();
    onCleanup(() => standIn.close());
    return standIn;
  })
  // The host's processes trust the stand-in's certificate, as they trust a real push service's, and
  // send to it as the operator's own push service.
  .override("appEnv", { scope: "file" }, async ({ pushService }) => ({
    NODE_EXTRA_CA_CERTS: pushService.caFile,
    ...pushService.env,
  }))
  .override("serviceWorkers", { scope: "file" }, async () => "allow" as const);

/** Waits until the service worker is active and in charge of this page (it claims open pages). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Width and height from a PNG's header. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

describe("the installable app", () => {
  test("links a valid manifest whose icons are there, and Chromium finds it installable", async ({ app, page }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const response = await fetch(new URL(href!, app.url));
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: "Crewboard", short_name: "Crewboard", display: "standalone" });
    expect(manifest.start_url).toBe("/dashboard");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const [size, purpose] of [
      ["192x192", undefined],
      ["512x512", undefined],
      ["512x512", "maskable"],
    ] as const) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `a ${size} ${purpose ?? "any"} icon`).toBeDefined();
      const image = await fetch(new URL(icon!.src, app.url));
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(pngSize(Buffer.from(await image.arrayBuffer())).join("x")).toBe(size);
    }

    await controlled(page);
    // What Lighthouse's installable-manifest audit reads: Chromium's own verdict on this page.
    const cdp = await page.context().newCDPSession(page);
    const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: unknown[] };
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // Every test context is incognito-like, where nothing installs; that is the only objection.
    expect(installabilityErrors.map((e) => e.errorId)).toEqual(["in-incognito"]);
  });

  test("the service worker serves the app's code, never the API", async ({ page }) => {
    await page.goto("/pricing");
    await controlled(page);
    const fromWorker = new Map<string, boolean>();
    page.on("response", (response) => fromWorker.set(new URL(response.url()).pathname, response.fromServiceWorker()));
    await page.reload();
    await page.getByRole("heading", { name: "Pricing", level: 1 }).waitFor();
    await page.evaluate(() => fetch("/api/health").then((r) => r.json()));
    const scripts = [...fromWorker].filter(([path]) => path.startsWith("/assets/") && path.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every(([, served]) => served)).toBe(true);
    expect(fromWorker.get("/api/health")).toBe(false);
  });

  test("without a network a page shows the offline page, and Try again brings it back", async ({ page }) => {
    await page.goto("/pricing");
    await controlled(page);
    await page.context().setOffline(true);
    await page.goto("/all-projects?category=Mobile%20Apps");
    await page.getByRole("heading", { name: "You're offline", level: 1 }).waitFor();
    expect(await page.title()).toBe("You're offline · Crewboard");
    const tryAgain = page.getByRole("button", { name: "Try again" });
    await tryAgain.click();
    await page.getByRole("heading", { name: "You're offline", level: 1 }).waitFor();

    await page.context().setOffline(false);
    await tryAgain.click();
    // Signed out, the page it stood in for sends the visitor to sign in, as it always does.
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
  });
});

/**
 * Hands out the given subscription from this page's PushManager, as Chromium would once registered
 * with its push service, and counts permission prompts asked for.
 */
async function stubPushService(context: BrowserContext, device: TestDevice) {
  // Written without named functions: the test's compiler would wrap those in a helper the page lacks.
  await context.addInitScript((subscription) => {
    const w = window as unknown as {
      permissionAsks: number;
      subscribedWith: { key: number[]; visible: boolean }[];
      pushSubscription: object | null;
    };
    w.permissionAsks = 0;
    w.subscribedWith = [];
    w.pushSubscription = null;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = function () {
      w.permissionAsks++;
      return ask();
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      w.subscribedWith.push({ key: [...key], visible: options!.userVisibleOnly === true });
      w.pushSubscription = {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { applicationServerKey: key.buffer, userVisibleOnly: true },
        toJSON() {
          return { ...subscription, expirationTime: null };
        },
        async unsubscribe() {
          w.pushSubscription = null;
          return true;
        },
      };
      return w.pushSubscription as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return w.pushSubscription as PushSubscription | null;
    };
  }, device.subscription);
}

const devicesList = (page: Page) => page.getByRole("list", { name: "Devices that get notifications" });

describe("push notifications", () => {
  test("Chromium's own subscribe needs Google's push service, which this machine cannot reach", async ({
    page,
    app,
  }) => {
    await page.context().grantPermissions(["notifications"], { origin: app.url });
    await page.goto("/pricing");
    await controlled(page);
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const key = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
      try {
        await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        return "subscribed";
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(outcome).not.toBe("subscribed");
  });

  test(
    "enabling notifications asks only when pressed, stores this device, and a message while away reaches it",
    {
      timeout: 120_000,
    },
    async ({ app, newPage, pushService }) => {
      const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Pushes", "Bob Away");
      const phone = pushService.device();
      const context = bob.page.context();
      await context.grantPermissions(["notifications"], { origin: app.url });
      await stubPushService(context, phone);

      await bob.page.goto("/settings");
      const card = bob.page.getByRole("heading", { name: "Push notifications" }).locator("xpath=../..");
      await card.getByText("No devices get notifications yet.").waitFor();
      await controlled(bob.page);
      expect(await bob.page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);

      await card.getByRole("button", { name: "Enable notifications" }).click();
      await toast(bob.page, "Notifications Enabled").waitFor();
      await card.getByText("This device gets notifications.").waitFor();
      const listed = devicesList(bob.page).getByRole("listitem");
      await listed.filter({ hasText: "This device" }).waitFor();
      expect(await listed.count()).toBe(1);
      const asked = await bob.page.evaluate(() => {
        const { permissionAsks, subscribedWith } = window as unknown as {
          permissionAsks: number;
          subscribedWith: { key: number[]; visible: boolean }[];
        };
        return { permissionAsks, subscribedWith };
      });
      expect(asked.permissionAsks).toBe(1);
      // Subscribed through the service worker's registration, for the server's own key.
      const serverKey = await uiCall<string>(bob.page, "push.vapidPublicKey", undefined, "GET");
      expect(asked.subscribedWith).toEqual([{ key: [...Buffer.from(serverKey, "base64url")], visible: true }]);

      // Bob closes the page: with no page of his open, the next message is pushed to his device.
      // (That a page still open gets no push is the dispatcher's and the member room's tests' part.)
      await bob.page.close();
      const { partySecret } = JSON.parse(readFileSync(join(app.dataDir, "secrets.json"), "utf8")) as {
        partySecret: string;
      };
      const rooms = httpRooms(`http://${app.roomsHost}`, partySecret);
      // The room notices the closed socket a moment later; until then Bob counts as there.
      await eventually(async () => expect(await rooms.memberOnline(bob.id)).toBe(false));
      await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Lunch at noon?\nMy treat." });
      const push = await eventually(() => {
        const [only, ...more] = pushService.received.filter((p) => p.deviceId === phone.id);
        expect(more).toEqual([]);
        expect(only).toBeDefined();
        return only!;
      }, 20_000);
      expect(push.payload).toEqual({
        title: "Ada Pushes",
        body: "Lunch at noon?",
        url: `/chat/${chatId}`,
        tag: `chat:${chatId}`,
      } satisfies PushPayload);
      expect(pushService.refused).toEqual([]);

      // Delivered to the service worker, the push shows as a notification.
      const page = await context.newPage();
      await page.goto("/settings");
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: r }) => registrations.push(...r));
      await cdp.send("ServiceWorker.enable");
      const registration = await eventually(() => registrations.find((r) => r.scopeURL === scope)!.registrationId);
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: new URL(app.url).origin,
        registrationId: registration,
        data: JSON.stringify(push.payload),
      });
      const shown = await eventually(async () => {
        const notifications = await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url: string }).url,
          })),
        );
        expect(notifications).toHaveLength(1);
        return notifications[0];
      });
      expect(shown).toEqual({
        title: "Ada Pushes",
        body: "Lunch at noon?",
        tag: `chat:${chatId}`,
        url: `/chat/${chatId}`,
      });

      // Removed in Settings, the device gets nothing more.
      await devicesList(page)
        .getByRole("button", { name: /^Remove/ })
        .click();
      await toast(page, "Device Removed").waitFor();
      await page.getByText("No devices get notifications yet.").waitFor();
      expect(await uiCall(page, "push.list", undefined, "GET")).toEqual([]);
    },
  );

  test("a browser whose push address points inside the server's machine is refused, saying so, and nothing is stored", async ({
    app,
    newPage,
  }) => {
    const eve = await person(newPage, "Eve Inward");
    const context = eve.page.context();
    await context.grantPermissions(["notifications"], { origin: app.url });
    // Loopback by name: the host the operator named for the stand-in is 127.0.0.1, not this one.
    await stubPushService(context, deviceKeys("https://localhost:9/push/probe"));
    await eve.page.goto("/settings");
    await eve.page.getByText("No devices get notifications yet.").waitFor();
    // Enabling waits for the service worker, which installs by fetching the whole app: not what
    // this test times, and on a busy machine longer than a toast is waited for.
    await controlled(eve.page);
    await eve.page.getByRole("button", { name: "Enable notifications" }).click();
    await toast(eve.page, "Notifications Error").filter({ hasText: PUSH_ENDPOINT_INVALID }).waitFor();
    await eve.page.getByText("No devices get notifications yet.").waitFor();
    expect(await uiCall(eve.page, "push.list", undefined, "GET")).toEqual([]);
  });

  test("notifications blocked in the browser are explained, and pressing the button stores nothing", async ({
    newPage,
  }) => {
    const cy = await person(newPage, "Cy Blocked");
    // As the browser answers once the member blocked notifications for the site: no prompt, "denied".
    await cy.page.context().addInitScript(() => {
      Object.defineProperty(Notification, "permission", { get: () => "denied" });
      Notification.requestPermission = () => Promise.resolve("denied");
    });
    await cy.page.goto("/settings");
    const blocked = cy.page.getByText(/Notifications are blocked for Crewboard in this browser/);
    await blocked.waitFor();
    await cy.page.getByRole("button", { name: "Enable notifications" }).click();
    await cy.page.getByRole("button", { name: "Enable notifications" }).and(cy.page.locator(":enabled")).waitFor();
    await blocked.waitFor();
    expect(await uiCall(cy.page, "push.list", undefined, "GET")).toEqual([]);
    expect(await toast(cy.page, "Notifications Error").count()).toBe(0);
  });
});
