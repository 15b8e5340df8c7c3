// Own host: ADMIN_EMAILS names its member, and its pages must show only what it seeded; its rooms
// run, as `npm start` runs them, so the pages open their sockets; its link previews reach the
// stand-in site and GitHub API this file starts.
/**
 * Every page, wide and phone-sized, light and dark, looked over the way a reviewer would: nothing
 * wider than the screen, no text cut by the box it sits in, and no text too faint to read (axe's
 * color-contrast rule); and listened to for 15 s after it loads, for a request refused and then asked
 * again. `SWEEP_SHOTS=1` also keeps a screenshot of every page in .e2e-artifacts/sweep.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { ownLiveHostTest as base } from "./harness";
import { contrastViolations, findLayoutDefects, pinnedScrollersSlip, settleAnimations } from "./layout-defects";
import type { RunningHost } from "@testing/host";
import { startPreviewStandIn } from "@testing/preview-stand-ins";
import { unsubscribeQuery } from "@worker/notifications/unsubscribe";
import { call, newMember, paidPurchase, signUpByApi, uploadFrom } from "./ui";

const SHOTS = fileURLToPath(new URL("../../.e2e-artifacts/sweep", import.meta.url));
const WIDTHS = [1280, 375] as const;
const PAID_SESSION = "cs_test_sweep";
/** The seeded member runs the moderation desk too, so the sweep sees it with reports on it. */
const ADMIN_EMAIL = "grace.sweep@example.com";

const test = base
  .extend("standIn", { scope: "file" }, async ({}, { onCleanup }) => {
    const standIn = await startPreviewStandIn();
    onCleanup(() => standIn.close());
    return standIn;
  })
  .override("appEnv", { scope: "file" }, async ({ standIn }) => ({ ADMIN_EMAILS: ADMIN_EMAIL, ...standIn.env }));

type StandIn = Awaited<ReturnType<typeof startPreviewStandIn>>;
/** What the pull request's card says, which only the server's preview puts on the page. */
const PULL_TITLE = "Chat that reads like a developers' tool";

interface Visit {
  path: string;
  /** Text the page shows once it has loaded what it shows. */
  ready: string;
  as: "guest" | "member";
  /** The page keeps a scroller at its bottom (a chat's messages): the sweep must find it there. */
  pinned?: true;
  /** What the page shows once the code it fetches after loading has arrived (a code block's colours). */
  settled?: string;
}

/** A site as a member sees it after a week: two members, friends, a project with a team, a chat. */
async function seed(app: RunningHost, page: Page, newPage: () => Promise<Page>, standIn: StandIn) {
  await signUpByApi(page, { ...newMember(), displayName: "Grace Hopper", email: ADMIN_EMAIL });
  await page.goto(await app.latestVerificationLink(ADMIN_EMAIL));
  await page.getByRole("heading", { name: "Email verified successfully!" }).waitFor();
  const friendPage = await newPage();
  const friend = await signUpByApi(friendPage, { ...newMember(), displayName: "Linus Benedict Torvalds-Lovelace" });
  await call(friendPage, "profiles.update", {
    displayName: friend.displayName,
    bio: null,
    age: null,
    developerType: "Backend Developer",
    experience: "Expert (5+ years)",
    specialization: "Embedded Systems",
    region: "Kyrgyzstan",
    interestedProjects: ["Mobile Apps"],
    skills: ["Rust", "Embedded C", "Orbital mechanics and ground stations", "Kotlin", "GraphQL"],
  });
  const { id: projectId } = await call<{ id: string }>(page, "projects.create", {
    title: "Orbit Planner for Hobby Satellites",
    category: "Mobile Apps",
    description: "Plans orbits for hobby satellites and tells the team when a pass is coming.",
    status: "open",
    members: 4,
    duration: "3 months",
    progress: 40,
    completedFeatures: ["Pass predictions"],
    pendingFeatures: ["Push notifications for passes", "Offline maps"],
    plannedFeatures: ["Ground station sharing"],
    skillsRequired: ["Kotlin", "Orbital mechanics"],
    techStack: ["Kotlin", "Jetpack Compose", "SQLite", "Ktor", "Gradle"],
  });
  await call(page, "projects.create", { title: "Quiet Hours", category: "Web Development", status: "on_hold" });
  await call(page, "projects.create", { title: "Tide Tables", category: "Data Science", status: "completed" });
  const { id: requestId } = await call<{ id: string }>(friendPage, "joinRequests.request", { projectId });
  await call(page, "joinRequests.accept", { requestId });
  const { requestId: friendRequest } = await call<{ requestId: string }>(page, "friends.request", {
    email: friend.email,
  });
  await call(friendPage, "friends.accept", { requestId: friendRequest });
  await seedBoard(page, projectId, await idOf(friendPage));
  const { chatId } = await call<{ chatId: string }>(page, "chats.openPrivate", { friendId: await idOf(friendPage) });
  const send = (from: Page, content: string, replyToId?: number) =>
    call<{ id: number }>(from, "chats.send", { chatId, clientId: crypto.randomUUID(), content, replyToId });
  const question = await send(page, "Shall we plan the next pass?");
  // Code, as developers paste it: a line far wider than a phone, formatted words around it.
  await send(
    page,
    [
      "The **pass check**, with `elevation` in degrees:",
      "```ts",
      "const nextPass = passes.find((pass) => pass.elevation > 30 && pass.start > Date.now()); // worth going out for",
      "```",
      "> Thursday, *weather permitting*",
    ].join("\n"),
  );
  await call(friendPage, "safety.report", {
    target: { kind: "message", messageId: question.id },
    reason: "harassment",
    details: "Keeps asking about satellite passes at three in the morning, in every chat we share.",
  });
  await call(friendPage, "safety.report", { target: { kind: "project", projectId }, reason: "spam" });
  // A reply with a reaction, an edited message and a deleted one, as a week of talk leaves a chat.
  const answer = await send(friendPage, "Thursday works, the pass is at 21:40 over the north ridge", question.id);
  await call(page, "messages.react", { chatId, messageId: answer.id, emoji: "👍", on: true });
  await call(friendPage, "messages.edit", {
    chatId,
    messageId: answer.id,
    content: "Thursday works: the pass is at 21:40 over the north ridge",
  });
  await call(friendPage, "messages.remove", { chatId, messageId: (await send(friendPage, "wrong chat")).id });
  // A photo and a document, shown as a thumbnail and a card.
  const attachmentIds = [
    await uploadFrom(friendPage, chatId, "ridge.png", "picture"),
    await uploadFrom(friendPage, chatId, "pass-times.pdf", "%PDF-1.7\nPass times\n"),
  ];
  await call(friendPage, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "", attachmentIds });
  // Links with their previews: a GitHub pull request's card, and a page's with its picture.
  await send(friendPage, "The review is up: https://github.com/crewboard/crewboard/pull/42");
  await send(page, `Notes from the last pass: ${standIn.url}/page`);
  // A chat the member can no longer write in: the friend at its other end blocked them.
  const blockerPage = await newPage();
  const blocker = await signUpByApi(blockerPage, { ...newMember(), displayName: "Rex Blocker" });
  const { requestId: blockerRequest } = await call<{ requestId: string }>(page, "friends.request", {
    email: blocker.email,
  });
  await call(blockerPage, "friends.accept", { requestId: blockerRequest });
  const { chatId: blockedChatId } = await call<{ chatId: string }>(page, "chats.openPrivate", {
    friendId: await idOf(blockerPage),
  });
  await call(blockerPage, "chats.send", { chatId: blockedChatId, clientId: crypto.randomUUID(), content: "Goodbye" });
  await call(blockerPage, "safety.block", { memberId: await idOf(page) });
  await paidPurchase(app, await idOf(page), PAID_SESSION);
  const state = await page.context().storageState();
  // A digest's link to stop e-mails, signed with the secret the host generated.
  const secrets = JSON.parse(readFileSync(join(app.dataDir, "secrets.json"), "utf8")) as { unsubscribeSecret: string };
  const friendId = await idOf(friendPage);
  const unsubscribe = `/unsubscribe?${await unsubscribeQuery(secrets.unsubscribeSecret, { member: friendId, kinds: ["join_request", "message"] })}`;
  return { state, projectId, chatId, blockedChatId, friendId, friendName: friend.displayName, unsubscribe };
}

/** The project team's board after a week: labelled, assigned and dated tasks in every column. */
async function seedBoard(page: Page, projectId: string, friendId: string) {
  const { columns } = await call<{ columns: { id: string }[] }>(page, "board.get", { projectId }, "GET");
  const bug = await call<{ id: string }>(page, "board.createLabel", { projectId, name: "bug", color: "red" });
  const design = await call<{ id: string }>(page, "board.createLabel", { projectId, name: "design", color: "purple" });
  const tasks = [
    { column: 0, title: "Ground station sharing between teams, with permissions per station and a map of every pass" },
    { column: 0, title: "Offline maps", labelIds: [design.id] },
    { column: 1, title: "Push notifications for passes", assigneeId: friendId, dueDate: "2026-12-24" },
    { column: 1, title: "Fix the pass list's time zone", labelIds: [bug.id], assigneeId: friendId },
    { column: 2, title: "Pass predictions", description: "Uses **SGP4**, as `python-sgp4` does." },
  ];
  for (const { column, ...task } of tasks) {
    await call(page, "board.createTask", { projectId, columnId: columns[column]!.id, ...task });
  }
}

const idOf = async (page: Page) => (await call<{ id: string }>(page, "auth.me", undefined, "GET")).id;

function visits(seeded: Awaited<ReturnType<typeof seed>>): Visit[] {
  return [
    { path: "/", ready: "Elevate Your Project Collaboration", as: "guest" },
    { path: "/how-it-works", ready: "How It Works", as: "guest" },
    { path: "/pricing", ready: "Lifetime Access", as: "guest" },
    { path: "/about", ready: "About Crewboard", as: "guest" },
    { path: "/contact", ready: "Contact Us", as: "guest" },
    { path: "/privacy-policy", ready: "Privacy Policy", as: "guest" },
    { path: "/terms", ready: "Terms of Service", as: "guest" },
    { path: "/help-center", ready: "Help Center", as: "guest" },
    { path: "/auth", ready: "Welcome to Crewboard", as: "guest" },
    { path: "/auth/verify", ready: "Verification failed", as: "guest" },
    { path: seeded.unsubscribe, ready: "You are unsubscribed", as: "guest" },
    { path: "/unsubscribe", ready: "Unsubscribe failed", as: "guest" },
    { path: "/no-such-page", ready: "Oops! Page not found", as: "guest" },
    { path: "/payment-success", ready: "We could not find this payment", as: "guest" },
    // What the service worker shows for any page asked without a network.
    { path: "/offline.html", ready: "You're offline", as: "guest" },
    { path: "/payment-success?session_id=cs_test_unknown", ready: "Sign in to see your payment", as: "guest" },
    { path: `/payment-success?session_id=${PAID_SESSION}`, ready: "Payment Successful!", as: "member" },
    { path: "/dashboard", ready: "Orbit Planner for Hobby Satellites", as: "member" },
    { path: "/my-projects", ready: "Tide Tables", as: "member" },
    { path: "/all-projects", ready: "Quiet Hours", as: "member" },
    { path: `/project/${seeded.projectId}`, ready: "Pass predictions", as: "member" },
    { path: `/project/${seeded.projectId}/board`, ready: "5 tasks", as: "member" },
    { path: `/project/${seeded.projectId}/board?task=5`, ready: "python-sgp4", as: "member" },
    { path: "/friends", ready: seeded.friendName, as: "member" },
    { path: "/requests", ready: "You're all caught up! No friend requests to review.", as: "member" },
    { path: `/member/${seeded.friendId}`, ready: seeded.friendName, as: "member" },
    { path: "/people", ready: seeded.friendName, as: "member" },
    {
      path: `/chat/${seeded.chatId}`,
      ready: PULL_TITLE,
      as: "member",
      pinned: true,
      settled: "[data-code-block] .hljs-keyword",
    },
    {
      path: `/chat/${seeded.blockedChatId}`,
      ready: "You can only message your friends, so this chat is read-only.",
      as: "member",
    },
    { path: "/settings", ready: "Settings", as: "member" },
    { path: "/notifications", ready: seeded.friendName, as: "member" },
    {
      path: "/admin/reports",
      ready: "Keeps asking about satellite passes at three in the morning, in every chat we share.",
      as: "member",
    },
    { path: "/onboarding", ready: "Complete your profile", as: "member" },
    { path: "/pricing", ready: "Lifetime Access", as: "member" },
  ];
}

let seeded: Promise<Awaited<ReturnType<typeof seed>>> | undefined;

const SCHEMES = ["light", "dark"] as const;

/**
 * Whether the page shows the scheme the device now asks for. The app follows the device live: the
 * browser tells it in the frame after the change, so this looks two frames on.
 */
const shows = (tab: Page, scheme: (typeof SCHEMES)[number]) =>
  tab.evaluate(async (dark) => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    return document.documentElement.classList.contains("dark") === dark;
  }, scheme === "dark");

/** How long each page is watched after it loads. */
const WATCH_MS = 15_000;

/**
 * Listens to what the page asks from now on: a request the server refuses once may be the page's
 * answer (a link that expired), one refused again is a loop (a socket refused for good and asked
 * again, a query retried against a 403) that costs the member battery and fills the console. Says
 * which were refused more than once.
 */
function refusedAgain(tab: Page) {
  const failures = new Map<string, number>();
  const failed = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
  const path = (url: string) => new URL(url).pathname;
  tab.on("response", (response) => {
    if (response.status() >= 400)
      failed(`${response.request().method()} ${path(response.url())}: ${response.status()}`);
  });
  // A refused socket: the handshake's answer was not 101 (a connection the client dropped or a
  // server that is not there is not a refusal, and retrying those is right).
  tab.on("websocket", (socket) =>
    socket.on("socketerror", (error) => {
      if (/response code/i.test(error)) failed(`WebSocket ${path(socket.url())}: ${error}`);
    }),
  );
  return () => [...failures].filter(([, times]) => times > 1).map(([what, times]) => `${what} (${times} times)`);
}

/**
 * Each page loaded once at this width, in a tab of its own, and looked over in light, then in dark;
 * then left open, listening, until 15 s after it loaded (`refusedAgain`), while the next pages are
 * looked over.
 */
async function sweep(
  {
    app,
    browser,
    page,
    newPage,
    standIn,
  }: { app: RunningHost; browser: Browser; page: Page; newPage: () => Promise<Page>; standIn: StandIn },
  width: (typeof WIDTHS)[number],
) {
  const site = await (seeded ??= seed(app, page, newPage, standIn));
  const options = { baseURL: app.url, viewport: { width, height: 800 } };
  const contexts: Record<Visit["as"], BrowserContext> = {
    guest: await browser.newContext(options),
    member: await browser.newContext({ ...options, storageState: site.state }),
  };
  const found: string[] = [];
  const watched: Promise<void>[] = [];
  try {
    for (const visit of visits(site)) {
      const tab = await contexts[visit.as].newPage();
      const label = `${visit.path} ${width} ${visit.as}`;
      const loaded = Date.now();
      const repeated = refusedAgain(tab);
      const load = async () => {
        await tab.goto(visit.path);
        await tab.getByText(visit.ready, { exact: true }).first().waitFor();
        if (visit.settled) await tab.locator(visit.settled).first().waitFor();
      };
      await tab.emulateMedia({ colorScheme: SCHEMES[0] });
      await load();
      for (const scheme of SCHEMES) {
        await tab.emulateMedia({ colorScheme: scheme });
        // A static page (the offline page) takes the scheme only as it loads.
        if (!(await shows(tab, scheme))) await load();
        await settleAnimations(tab);
        const defects = [...(await tab.evaluate(findLayoutDefects)), ...(await contrastViolations(tab))];
        found.push(...defects.map((defect) => `${visit.path} ${width} ${scheme} ${visit.as}: ${defect}`));
        if (process.env.SWEEP_SHOTS || defects.length > 0) {
          mkdirSync(SHOTS, { recursive: true });
          // Ids dropped, so a project's page, its board and a task's dialog keep a shot each.
          const page = visit.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "").replace(/[^a-z0-9]+/gi, "-");
          const name = `${visit.as}${page.slice(0, 40)}-${width}-${scheme}.png`;
          await tab.screenshot({ path: join(SHOTS, name), fullPage: true });
        }
      }
      const { pinned, slipped } = await tab.evaluate(pinnedScrollersSlip);
      found.push(...slipped.map((defect) => `${label}: ${defect}`));
      if (visit.pinned && pinned === 0) found.push(`${visit.path} ${width}: no scroller was kept at its bottom`);
      watched.push(
        (async () => {
          await tab.waitForTimeout(loaded + WATCH_MS - Date.now());
          found.push(...repeated().map((what) => `${label}: ${what}`));
          await tab.close();
        })(),
      );
    }
    await Promise.all(watched);
  } finally {
    // A check that failed leaves tabs listening: they end before their contexts do.
    await Promise.allSettled(watched);
    await Promise.all(Object.values(contexts).map((context) => context.close()));
  }
  return found;
}

describe("every page, light and dark", () => {
  for (const width of WIDTHS) {
    test(`nothing overflows, no text is cut, every text is readable, and nothing refused is asked again, ${width} wide`, async ({
      app,
      browser,
      page,
      newPage,
      standIn,
    }) => {
      expect(await sweep({ app, browser, page, newPage, standIn }, width)).toEqual([]);
    }, 240_000);
  }
});
