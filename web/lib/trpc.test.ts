import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { queryClient } from "./trpc";

const { retry, retryDelay, gcTime } = queryClient.getDefaultOptions().queries!;
const mutations = queryClient.getDefaultOptions().mutations!;

const httpError = (status: number) =>
  TRPCClientError.from({ error: { message: "x", code: -32600, data: { httpStatus: status } } } as never);

describe("query defaults (spec §9)", () => {
  it("retries a failed query 3 times", () => {
    const shouldRetry = retry as (failures: number, error: unknown) => boolean;
    expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, new Error("network")))).toEqual([true, true, true, false]);
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

  it("keeps unused cache 5 minutes", () => {
    expect(gcTime).toBe(5 * 60 * 1000);
  });
});
