import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import {
  createTRPCQueryUtils,
  createTRPCReact,
  httpBatchLink,
  httpLink,
  isNonJsonSerializable,
  splitLink,
  TRPCClientError,
} from "@trpc/react-query";
import superjson from "superjson";
import { MAX_BATCH_SIZE } from "@core/rules";
import type { AppRouter } from "@worker/routers";

export const trpc = createTRPCReact<AppRouter>();

const MAX_RETRIES = 3;
/** The procedures the server refuses inside a batch (their `alone` meta, worker/trpc.ts). */
const UNBATCHED = new Set([
  "auth.signUp",
  "auth.signIn",
  "auth.signOut",
  "auth.confirmPassword",
  "auth.verifyEmail",
  "auth.requestPasswordReset",
  "auth.resetPassword",
  "account.delete",
  "credentials.changePassword",
  "credentials.requestEmailChange",
  "credentials.confirmEmailChange",
  "contact.send",
  "friends.request",
  "safety.report",
  "billing.createCheckout",
]);
export const unbatched = (path: string) => UNBATCHED.has(path);
/**
 * Sent the moment they are called, on a request of their own: a batch leaves from a timer, which
 * often waits behind the next frame, and a chat message is timed by the other member's screen. A
 * room's ticket travels beside the page's batch, never in it: a socket that cannot get one (offline,
 * refused) must not take the page's data down with it.
 */
const IMMEDIATE = new Set(["chats.send", "chats.ticket", "chats.memberTicket"]);
export const immediate = (path: string) => IMMEDIATE.has(path);

/** The error of a call to our API, its `data` typed by the router's error formatter. */
export const isApiError = (error: unknown): error is TRPCClientError<AppRouter> => error instanceof TRPCClientError;

/** A 4xx means the request itself is wrong: asking again would get the same answer. */
export function isClientError(error: unknown) {
  const status = isApiError(error) ? error.data?.httpStatus : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** 503: the server changed nothing (its database stayed busy), so even a mutation may be sent again. */
const isUnavailable = (error: unknown) => isApiError(error) && error.data?.httpStatus === 503;

const isSignedOut = (error: unknown) => isApiError(error) && error.data?.code === "UNAUTHORIZED";

/**
 * A session can end while a page is open (signed out elsewhere, expired). The first call that says
 * so marks the member signed out, and the guard takes them to sign in.
 */
function onError(error: unknown) {
  if (isSignedOut(error)) trpcUtils.auth.me.setData(undefined, null);
}

/**
 * A route's loader fetches what its page shows (warming the cache also on hovering a link), and the
 * page mounts moments later: data fetched this recently is not asked for again on mount. Anything
 * older, or marked out of date meanwhile, is; pokes from the member's room and a member's own
 * changes refresh what is on screen at any age.
 */
const FETCHED_JUST_NOW_MS = 5_000;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      retry: (failures, error) => !isClientError(error) && failures < MAX_RETRIES,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60 * 1000,
      refetchOnMount: (query) =>
        query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= FETCHED_JUST_NOW_MS,
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: (failures, error) => isUnavailable(error) && failures < MAX_RETRIES,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});

let leaving: (() => void)[] = [];

/**
 * Runs `then` as soon as the next request sent on its own has left the page. The client sends it a
 * few promise callbacks after it is called, and React renders an update made meanwhile before that:
 * what should follow the request, without waiting for a later task, waits for this.
 */
export function whenRequestLeaves(then: () => void) {
  leaving.push(then);
}

const sendAlone: typeof fetch = (input, init) => {
  const response = fetch(input, init);
  const due = leaving;
  leaving = [];
  for (const then of due) then();
  return response;
};

export const trpcClient = trpc.createClient({
  links: [
    // A batch is one JSON body, so uploads (FormData) travel on their own request; and the server
    // refuses account, password, contact, add-friend, report and checkout calls inside a batch (each must be counted on its own);
    // a chat message does not wait for one.
    splitLink({
      condition: (op) => isNonJsonSerializable(op.input) || unbatched(op.path) || immediate(op.path),
      true: httpLink({ url: "/api/trpc", transformer: superjson, fetch: sendAlone }),
      // Link previews may wait seconds on a slow site (worker/previews/): they batch among
      // themselves, never holding back the page's other data.
      false: splitLink({
        condition: (op) => op.path === "previews.ofMessage",
        true: httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: MAX_BATCH_SIZE }),
        false: httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: MAX_BATCH_SIZE }),
      }),
    }),
  ],
});

/** The same cache, reachable from route loaders and guards outside React. */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });

/** The message a member should read for a failed call. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again.") {
  return error instanceof Error && error.message ? error.message : fallback;
}
