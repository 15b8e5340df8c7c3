/**
 * The query cache and tRPC client, fetched on first need: the signed-in area's guard and the auth
 * pages await it before their loaders run, and hand it to their child routes as `context.trpc`.
 */
export async function loadData() {
  const { queryClient, trpcUtils } = await import("./trpc");
  return { queryClient, trpc: trpcUtils };
}
