/**
 * Members as the browser tests set them up when signing up is not what a test is about (auth.e2e.ts
 * clicks through the form): signed up through the API with their page's cookies, tied together in
 * the database.
 */
import type { Page } from "playwright-core";
import { call as callFromPage, newMember, signUpByApi, type Member } from "./ui";

export interface Person extends Member {
  id: string;
  page: Page;
}

export async function person(newPage: () => Promise<Page>, name: string): Promise<Person> {
  const page = await newPage();
  return { ...(await signUpByApi(page, { ...newMember(), displayName: name })), page };
}

/** An accepted friendship, made as members make one: `a` asks, `b` accepts (each is notified). */
export async function befriend(a: Person, b: Person) {
  const { requestId } = await call<{ requestId: string }>(a, "friends.request", { memberId: b.id });
  await call(b, "friends.accept", { requestId });
}

/** Two friends and the private chat between them, opened by the first. */
export async function friendsInChat(newPage: () => Promise<Page>, first: string, second: string) {
  const ada = await person(newPage, first);
  const bob = await person(newPage, second);
  await befriend(ada, bob);
  const { chatId } = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: bob.id });
  return { ada, bob, chatId };
}

/**
 * A group chat of new members: the first makes it with the others, each a friend of theirs first,
 * as the app asks. The members come back in the order of their names.
 */
export async function groupChat<const Names extends readonly string[]>(
  newPage: () => Promise<Page>,
  group: string,
  names: Names,
): Promise<{ chatId: string; members: { [K in keyof Names]: Person } }> {
  const members = await Promise.all(names.map((name) => person(newPage, name)));
  const [creator, ...others] = members;
  for (const other of others) await befriend(creator!, other);
  const { chatId } = await call<{ chatId: string }>(creator!, "chats.createGroup", {
    name: group,
    memberIds: others.map((other) => other.id),
  });
  return { chatId, members: members as { [K in keyof Names]: Person } };
}

/** A procedure called from the member's own page, with their session, as the SPA calls it. */
export const call = <T>(who: Person, path: string, input: unknown) => callFromPage<T>(who.page, path, input);
