/**
 * A project's board: how fast a board of 1,000 tasks loads (board.get, p99 ≤ 10 ms), and how fast a
 * move reaches another member's open board (p50 ≤ 15 ms), beside baselines measured in the same
 * run: the session check alone (auth.me) for the load; for the move, a team chat message sent the
 * same way, both to the member's room socket and onto their pages in Chromium (the board's card in
 * its new column, the chat's message in its list), on a 60-task board and on the 1,000-task one.
 */
import { once } from "node:events";
import WebSocket from "ws";
import { generateNKeysBetween } from "fractional-indexing";
import type { ChatRoomEvent } from "../party/protocol";
import type { Browser, Locator, Page } from "playwright-core";
import { testBrowser } from "../testing/browser";
import { launchChromium } from "../testing/chromium";
import { fixed, instrumentedPage, leanClient, percentile, printTable, startHost, timeRuns, writeResults } from "./lib";

const TASKS = 1000;
const LOADS = 300;
const MOVES = 200;
const PAGE_MOVES = 60;
/** A team's board as teams keep them: the page-level target is measured on it. */
const TEAM_TASKS = 60;
const LOAD_P99_TARGET_MS = 10;
const MOVE_P50_TARGET_MS = 15;

const figures = (durations: number[]) => ({ p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99) });

/**
 * Runs in the member's pages before the app: the moment a watched text is added inside the watched
 * part of the page (a column's list of tasks, a chat's messages), on the pages' shared clock.
 */
function instrument() {
  const now = () => performance.timeOrigin + performance.now();
  const bench = { watch: "", scope: "", domAt: 0, shown: () => {}, open: false };
  Object.assign(window, { __bench: bench });
  // The page's own WebSocket (this file's `WebSocket` is the `ws` package's, for the socket phase).
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof window.WebSocket>) {
      super(...args);
      this.addEventListener("open", () => (bench.open = true));
    }
  };
  const shows = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    return Boolean(element?.closest(bench.scope) && node.textContent?.includes(bench.watch));
  };
  new MutationObserver((mutations) => {
    if (!bench.watch || bench.domAt) return;
    const at = now();
    if (mutations.some((m) => [...m.addedNodes].some(shows) || (m.type === "characterData" && shows(m.target)))) {
      bench.domAt = at;
      bench.shown();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

type Instrumented = Window & {
  __bench: { watch: string; scope: string; domAt: number; shown: () => void; open: boolean };
};

/** A member's page, instrumented, once what it shows is there and its room's socket is open. */
async function livePage(
  browser: Browser,
  origin: string,
  cookies: Map<string, string>,
  path: string,
  ready: (page: Page) => Locator,
) {
  const page = await instrumentedPage(browser, origin, cookies, path, instrument);
  await ready(page).first().waitFor();
  await page.waitForFunction(() => (window as unknown as Instrumented).__bench.open);
  return page;
}

/**
 * From the owner's page sending `procedure` to `text` showing inside `scope` on the member's page,
 * both on the one clock of the pages of one Chromium; the wait is one call left pending, so nothing
 * polls the pages while the change is on its way.
 */
async function toPage(owner: Page, member: Page, procedure: string, input: object, scope: string, text: string) {
  await member.evaluate(
    ([watch, where]) => Object.assign((window as unknown as Instrumented).__bench, { watch, scope: where, domAt: 0 }),
    [text, scope] as const,
  );
  const shown = member.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const bench = (window as unknown as Instrumented).__bench;
        if (bench.domAt) return resolve(bench.domAt);
        const timer = setTimeout(() => reject(new Error(`${bench.watch} never showed`)), 10_000);
        bench.shown = () => {
          clearTimeout(timer);
          resolve(bench.domAt);
        };
      }),
  );
  const sent = await owner.evaluate(
    async ([path, body]) => {
      const start = performance.timeOrigin + performance.now();
      const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return start;
    },
    [`/api/trpc/${procedure}`, JSON.stringify({ json: input })] as const,
  );
  return (await shown) - sent;
}

async function main() {
  const host = await startHost({
    needsBuild: true,
    rooms: true,
    env: { RATE_LIMIT_SIGNUP_PER_IP: "100000", RATE_LIMIT_SIGNIN_PER_IP: "100000" },
  });
  try {
    const [owner, member] = [testBrowser(host.url, fetch), testBrowser(host.url, fetch)];
    for (const [i, browser] of [owner, member].entries()) {
      await browser.trpc.auth.signUp.mutate({
        displayName: `Bench ${i}`,
        email: `bench-board-${i}@example.com`,
        password: "correct horse battery",
      });
    }
    /** A project with the member on its team and `tasks` tasks spread over its columns. */
    const teamBoard = async (title: string, tasks: number) => {
      const { id } = await owner.trpc.projects.create.mutate({ title, category: "IoT" });
      const { id: requestId } = await member.trpc.joinRequests.request.mutate({ projectId: id });
      await owner.trpc.joinRequests.accept.mutate({ requestId });
      const { columns } = await owner.trpc.board.get.query({ projectId: id });
      // Written straight into the file: their creation is not what is measured.
      const db = host.openDatabase();
      await db.batch(
        generateNKeysBetween(null, null, tasks).map((position, i) => ({
          sql: `INSERT INTO board_tasks (id, project_id, number, column_id, position, title, description, label_ids)
                VALUES (?, ?, ?, ?, ?, ?, ?, '[]')`,
          args: [
            crypto.randomUUID(),
            id,
            i + 1,
            columns[i % columns.length]!.id,
            position,
            `Task ${i + 1}`,
            "Some words about it",
          ],
        })),
      );
      await db.execute({ sql: "UPDATE boards SET next_number = ? WHERE project_id = ?", args: [tasks + 1, id] });
      db.close();
      const { chatId } = (await member.trpc.teams.chat.query({ projectId: id }))!;
      return { projectId: id, columns, chatId };
    };
    const big = await teamBoard("Bench board", TASKS);
    const { projectId, chatId } = big;
    const columnIds = big.columns.map((c) => c.id);

    const cookie = (browser: typeof owner) =>
      [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const get = leanClient(host.url, { Cookie: cookie(member) });
    const loadPath = `/api/trpc/board.get?input=${encodeURIComponent(JSON.stringify({ json: { projectId } }))}`;
    const first = await get(loadPath);
    if (first.status !== 200 || !first.text.includes(`Task ${TASKS}`))
      throw new Error(`board.get answered ${first.status}`);
    await timeRuns(LOADS / 10, () => get(loadPath));
    const load = figures(await timeRuns(LOADS, () => get(loadPath)));
    const session = figures(await timeRuns(LOADS, () => get("/api/trpc/auth.me")));

    // The member's open board: the team chat's room, as the page opens it.
    const { ticket } = await member.trpc.chats.ticket.query({ chatId });
    const ws = new WebSocket(
      `ws://${host.roomsHost}/parties/chat-room/${encodeURIComponent(chatId)}?ticket=${encodeURIComponent(ticket)}`,
      { perMessageDeflate: false },
    );
    let waiting: { match: (event: ChatRoomEvent) => boolean; done: () => void } | null = null;
    ws.on("message", (raw) => {
      const event = JSON.parse(String(raw)) as ChatRoomEvent;
      if (waiting?.match(event)) waiting.done();
    });
    await once(ws, "open");
    /** From the call leaving to the event reaching the member's socket. */
    const arrival = async (call: () => Promise<unknown>, match: (event: ChatRoomEvent) => boolean) => {
      const start = performance.now();
      const arrived = new Promise<void>((done) => (waiting = { match, done }));
      await call();
      await arrived;
      return performance.now() - start;
    };
    const { tasks } = await owner.trpc.board.get.query({ projectId });
    const moveOnce = async (i: number) => {
      const task = tasks[i % tasks.length]!;
      return arrival(
        () =>
          owner.trpc.board.moveTask.mutate({
            projectId,
            taskId: task.id,
            columnId: columnIds[(i + 1) % columnIds.length]!,
            afterId: null,
            beforeId: null,
          }),
        (event) => event.type === "board" && event.event.type === "task" && event.event.task.id === task.id,
      );
    };
    const sendOnce = async (i: number) => {
      const clientId = `bench-board-${i}`;
      return arrival(
        () => owner.trpc.chats.send.mutate({ chatId, clientId, content: `message ${i}` }),
        (event) => event.type === "messages" && event.messages.some((m) => m.clientId === clientId),
      );
    };
    // Warm-up: the first calls pay for cold caches in every process.
    for (let i = 0; i < 20; i++) {
      await moveOnce(i);
      await sendOnce(i);
    }
    const moveDurations: number[] = [];
    const chatDurations: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      moveDurations.push(await moveOnce(100 + i));
      chatDurations.push(await sendOnce(100 + i));
    }
    ws.close();
    const move = figures(moveDurations);
    const chat = figures(chatDurations);

    // The same, as members see it: the member's board and team chat open in Chromium, the owner's
    // page sending; a move counts once its card is in the new column's list on the member's screen.
    // On a team's board as teams keep them (the target), and on the thousand-task board.
    const team = await teamBoard("Team board", TEAM_TASKS);
    const browser = await launchChromium();
    const onTeamBoard: number[] = [];
    const onBigBoard: number[] = [];
    const chatOnPageDurations: number[] = [];
    try {
      const ownerPage = await instrumentedPage(browser, host.url, owner.cookies, "/offline.html", instrument);
      const openBoard = async (board: typeof team) => {
        const page = await livePage(browser, host.url, member.cookies, `/project/${board.projectId}/board`, (p) =>
          p.getByRole("button", { name: "Add task" }),
        );
        const names = new Map(board.columns.map((c) => [c.id, c.name]));
        const order = board.columns.map((c) => c.id);
        const tasks = (await owner.trpc.board.get.query({ projectId: board.projectId })).tasks;
        return (i: number) => {
          const task = tasks[(i * 7) % tasks.length]!;
          const to = order[(order.indexOf(task.columnId) + 1) % order.length]!;
          task.columnId = to;
          const input = { projectId: board.projectId, taskId: task.id, columnId: to, afterId: null, beforeId: null };
          const scope = `[aria-label="${names.get(to)} tasks"]`;
          return toPage(ownerPage, page, "board.moveTask", input, scope, `#${task.number} ${task.title}`);
        };
      };
      const moveOnTeamBoard = await openBoard(team);
      const moveOnBigBoard = await openBoard(big);
      const chatPage = await livePage(browser, host.url, member.cookies, `/chat/${team.chatId}`, (p) =>
        p.getByRole("textbox", { name: "Message" }),
      );
      const sendToPage = (i: number) => {
        const content = `page message ${i} to the team`;
        const input = { chatId: team.chatId, clientId: `bench-board-page-${i}`, content };
        return toPage(ownerPage, chatPage, "chats.send", input, '[aria-label="Messages"]', content);
      };
      // Warm-up, uncounted.
      for (let i = 0; i < 10; i++) {
        await moveOnTeamBoard(i);
        await moveOnBigBoard(i);
        await sendToPage(i);
      }
      for (let i = 10; i < 10 + PAGE_MOVES; i++) {
        onTeamBoard.push(await moveOnTeamBoard(i));
        chatOnPageDurations.push(await sendToPage(i));
        onBigBoard.push(await moveOnBigBoard(i));
      }
    } finally {
      await browser.close();
    }
    const onPage = figures(onTeamBoard);
    const onBigPage = figures(onBigBoard);
    const chatOnPage = figures(chatOnPageDurations);

    printTable(`A board of ${TASKS.toLocaleString()} tasks, ${LOADS} loads and ${MOVES} moves, one at a time`, [
      {
        what: "board.get, 1,000 tasks",
        p50: fixed(load.p50Ms),
        p99: fixed(load.p99Ms),
        "× baseline": fixed(load.p99Ms / session.p99Ms),
      },
      { what: "baseline: auth.me", p50: fixed(session.p50Ms), p99: fixed(session.p99Ms), "× baseline": "1.0" },
      {
        what: "a move to another member's socket",
        p50: fixed(move.p50Ms),
        p99: fixed(move.p99Ms),
        "× baseline": fixed(move.p50Ms / chat.p50Ms),
      },
      { what: "baseline: a team chat message", p50: fixed(chat.p50Ms), p99: fixed(chat.p99Ms), "× baseline": "1.0" },
      {
        what: `a move onto another member's board page, ${TEAM_TASKS} tasks`,
        p50: fixed(onPage.p50Ms),
        p99: fixed(onPage.p99Ms),
        "× baseline": fixed(onPage.p50Ms / chatOnPage.p50Ms),
      },
      {
        what: `the same, ${TASKS.toLocaleString()} tasks`,
        p50: fixed(onBigPage.p50Ms),
        p99: fixed(onBigPage.p99Ms),
        "× baseline": fixed(onBigPage.p50Ms / chatOnPage.p50Ms),
      },
      {
        what: "baseline: a message onto their chat page",
        p50: fixed(chatOnPage.p50Ms),
        p99: fixed(chatOnPage.p99Ms),
        "× baseline": "1.0",
      },
    ]);
    console.log(
      `\nLoad p99 ${fixed(load.p99Ms)} ms (target ≤ ${LOAD_P99_TARGET_MS}), ${fixed(load.p99Ms / session.p99Ms)}× the session check's. ` +
        `Move onto the member's ${TEAM_TASKS}-task board page p50 ${fixed(onPage.p50Ms)} ms (target ≤ ${MOVE_P50_TARGET_MS}), ` +
        `${fixed(onPage.p50Ms / chatOnPage.p50Ms)}× a chat message's onto theirs.`,
    );
    writeResults("board", {
      tasks: TASKS,
      load,
      sessionBaseline: session,
      loadP99RatioToSession: load.p99Ms / session.p99Ms,
      move,
      chatBaseline: chat,
      moveP50RatioToChat: move.p50Ms / chat.p50Ms,
      moveOntoPage: onPage,
      moveOntoBigPage: onBigPage,
      chatOntoPage: chatOnPage,
      moveOntoPageP50RatioToChat: onPage.p50Ms / chatOnPage.p50Ms,
    });
    if (load.p99Ms > LOAD_P99_TARGET_MS || onPage.p50Ms > MOVE_P50_TARGET_MS) process.exitCode = 1;
  } finally {
    await host.stop();
  }
}

await main();
