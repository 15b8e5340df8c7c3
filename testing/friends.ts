import type { testBrowser } from "./browser";

/** A member as a test holds one: an API client signed in as them, and who they are. */
export interface Friendly {
  trpc: ReturnType<typeof testBrowser>["trpc"];
  me: { id: string };
}

/**
 * Makes two members friends the way members do, so every row and notice the feature leaves is
 * there: `a` sends a friend request and `b` accepts it. Returns the request's id.
 */
export async function befriend(a: Friendly, b: Friendly) {
  const { requestId } = await a.trpc.friends.request.mutate({ memberId: b.me.id });
  await b.trpc.friends.accept.mutate({ requestId });
  return requestId;
}

/** Two members made friends, and their private chat, which the first opened. */
export async function friendsInChat<M extends Friendly>(
  app: { member: (name: string) => Promise<M> },
  [first, second] = ["Ada Lovelace", "Bob Babbage"],
) {
  const [ada, bob] = [await app.member(first), await app.member(second)];
  await befriend(ada, bob);
  const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
  return { ada, bob, chatId };
}
