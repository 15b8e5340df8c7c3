/**
 * The query cache and tRPC client, fetched on first need: the signed-in area's guard and the auth
 * pages await it before their loaders run, and hand it to their child routes as `context.trpc` (the
 * cache's helpers per procedure) and `context.client` (the calls themselves).
 */
export async function loadData() {
  const { queryClient, trpcClient, trpcUtils } = await import("./trpc");
  return { queryClient, trpc: trpcUtils, client: trpcClient };
}
