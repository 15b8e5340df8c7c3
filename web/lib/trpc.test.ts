import { QueryObserver } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import { appRouter } from "@worker/routers";
import type { Meta } from "@worker/trpc";
import { queryClient, trpcClient, unbatched, whenRequestLeaves } from "./trpc";

const { retry, retryDelay } = queryClient.getDefaultOptions().queries!;
const mutations = queryClient.getDefaultOptions().mutations!;

const httpError = (status: number) =>
  TRPCClientError.from({ error: { message: "x", code: -32600, data: { httpStatus: status } } } as never);

describe("query defaults (spec §9)", () => {
  it("retries a failed query 3 times", () => {
    const shouldRetry = retry as (failures: number, error: unknown) => boolean;
    expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, new Error("network")))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, httpError(503))).toBe(true);
  });

  it("never retries a 4xx: the same request would get the same answer", () => {
    const shouldRetry = retry as (failures: number, error: unknown) => boolean;
    for (const status of [400, 401, 403, 404, 429]) expect(shouldRetry(0, httpError(status))).toBe(false);
  });

  it("sends a mutation again only when the server said it changed nothing (503)", () => {
    const shouldRetry = mutations.retry as (failures: number, error: unknown) => boolean;
    expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, httpError(503)))).toEqual([true, true, true, false]);
    for (const status of [400, 409, 429, 500]) expect(shouldRetry(0, httpError(status))).toBe(false);
    expect(shouldRetry(0, new Error("network"))).toBe(false);
  });

  it("backs off exponentially up to 30 seconds", () => {
    const delay = retryDelay as (attempt: number) => number;
    expect([0, 1, 2, 3, 4, 5, 10].map(delay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("keeps an answer no page uses for 5 minutes, then lets it go", () => {
    vi.useFakeTimers();
    try {
      queryClient.setQueryData(["unused"], "answer");
      vi.advanceTimersByTime(5 * 60 * 1000 - 1);
      expect(queryClient.getQueryData(["unused"])).toBe("answer");
      vi.advanceTimersByTime(1);
      expect(queryClient.getQueryData(["unused"])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the link", () => {
  it("sends on a request of its own exactly the procedures the server refuses inside a batch", () => {
    // Flat at run time, keyed by path ("auth.signIn"), whatever its type says.
    const byPath = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
    const procedures = Object.entries(byPath);
    const alone = procedures.filter(([, procedure]) => procedure._def.meta?.alone).map(([path]) => path);
    expect(alone).toContain("auth.signIn");
    expect(procedures.filter(([path]) => unbatched(path)).map(([path]) => path)).toEqual(alone);
  });

  it("sends a chat message on a request of its own before any timer runs", async () => {
    const left: number[] = [];
    const fetch = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>(() => {}));
    vi.stubGlobal("fetch", fetch);
    vi.useFakeTimers();
    try {
      whenRequestLeaves(() => left.push(fetch.mock.calls.length));
      void trpcClient.chats.send.mutate({
        chatId: "c",
        clientId: "00000000-0000-4000-8000-000000000000",
        content: "hi",
      });
      // Only promise callbacks run meanwhile: a batch would still be waiting for its timer.
      for (let i = 0; i < 10 && fetch.mock.calls.length === 0; i++) await Promise.resolve();
      expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(["/api/trpc/chats.send"]);
      // What waited for it ran once it had been sent, in the same task.
      expect(left).toEqual([1]);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});

/** A query as a page reads it: `mount` is the page rendering it, as useQuery subscribes. */
function page(name: string) {
  let fetches = 0;
  const options = { queryKey: [name], queryFn: () => Promise.resolve(++fetches) };
  return {
    fetches: () => fetches,
    loader: () => queryClient.prefetchQuery(options),
    async mount() {
      const unsubscribe = new QueryObserver(queryClient, options).subscribe(() => {});
      await vi.waitFor(() => expect(queryClient.isFetching({ queryKey: options.queryKey })).toBe(0));
      unsubscribe();
    },
  };
}

describe("a page mounting what its loader fetched", () => {
  it("does not fetch it again moments later", async () => {
    const p = page("fresh");
    await p.loader();
    await p.mount();
    expect(p.fetches()).toBe(1);
  });

  it("fetches it again when it was marked out of date meanwhile", async () => {
    const p = page("invalidated");
    await p.loader();
    await queryClient.invalidateQueries({ queryKey: ["invalidated"] });
    await p.mount();
    expect(p.fetches()).toBe(2);
  });

  it("fetches it again when it is older than a few seconds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const p = page("old");
      await p.loader();
      vi.setSystemTime(Date.now() + 5_000);
      await p.mount();
      expect(p.fetches()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
