import { hashKey } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { getQueryKey } from "@trpc/react-query";
import { forgetDrafts } from "./drafts";
import { notify } from "./toast";
import { errorMessage, queryClient, trpc } from "./trpc";
import type { RouterOutputs } from "./types";

/** The signed-in member with profile, null when signed out, undefined while loading. */
export function useMe() {
  return trpc.auth.me.useQuery(undefined, { staleTime: 60_000 }).data;
}

const guard = getRouteApi("/_authed");

/**
 * The signed-in member, on the pages under the guard. Once the session is found gone the guard's
 * last answer stands in, so the page still renders while the guard takes the member to sign in.
 */
export function useMember() {
  const { me } = guard.useLoaderData();
  return useMe() ?? me;
}

export { displayNameOf } from "./display-name";

/**
 * Forgets every cached answer of the member who signed out, in one step, and what they typed and
 * had not sent. The session answer is set to signed out rather than dropped: the top bar and the
 * guard watch it, and a dropped query would leave them showing the member until they next render.
 * Everything else is removed.
 */
function forgetMember() {
  const meKey = getQueryKey(trpc.auth.me, undefined, "query");
  const member = queryClient.getQueryData<RouterOutputs["auth"]["me"]>(meKey);
  if (member) forgetDrafts(member.id);
  const me = hashKey(meKey);
  queryClient.setQueryData(meKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== me });
  queryClient.getMutationCache().clear();
}

export function useSignOut() {
  const navigate = useNavigate();
  return trpc.auth.signOut.useMutation({
    onSuccess: async () => {
      // Leave the signed-in area first, or its guard would send the member to sign in instead.
      await navigate({ to: "/" });
      forgetMember();
      notify.success("Signed Out", "You have been signed out.");
    },
    onError: (error) => notify.error("Authentication Error", errorMessage(error)),
  });
}
