import { useNavigate } from "@tanstack/react-router";
import { notify } from "./toast";
import { errorMessage, queryClient, trpc } from "./trpc";

/** The signed-in member with profile, null when signed out, undefined while loading. */
export function useMe() {
  return trpc.auth.me.useQuery(undefined, { staleTime: 60_000 }).data;
}

export { displayNameOf } from "./display-name";

export function useSignOut() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  return trpc.auth.signOut.useMutation({
    onSuccess: async () => {
      // Leave the signed-in area first, or its guard would send the member to sign in instead.
      await navigate({ to: "/" });
      // Nothing of the previous member may linger in the cache for the next one.
      queryClient.clear();
      utils.auth.me.setData(undefined, null);
      notify.success("Signed Out", "You have been signed out.");
    },
    onError: (error) => notify.error("Authentication Error", errorMessage(error)),
  });
}
