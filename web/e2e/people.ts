/**
 * Members as the browser tests set them up when signing up is not what a test is about (auth.e2e.ts
 * clicks through the form): signed up through the API with their page's cookies, tied together in
 * the database.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { RunningHost } from "@testing/host";
import { call as callFromPage, newMember, type Member } from "./ui";

export interface Person extends Member {
  id: string;
  page: Page;
}

/** A blank page of the site, routed in the browser, for the calls a test makes before it opens a page. */
const SITE_BLANK = "/__blank";

export async function person(app: RunningHost, newPage: () => Promise<Page>, name: string): Promise<Person> {
  const page = await newPage();
  const member = { ...newMember(), displayName: name };
  const response = await page.request.post(`${app.url}/api/trpc/auth.signUp`, {
    headers: { origin: app.url },
    data: { json: member },
  });
  expect(response.status()).toBe(200);
  const { result } = (await response.json()) as { result: { data: { json: { id: string } } } };
  await page.route(SITE_BLANK, (route) => route.fulfill({ contentType: "text/html", body: "" }));
  await page.goto(SITE_BLANK);
  return { ...member, id: result.data.json.id, page };
}

/** An accepted friendship, made as members make one: `a` asks, `b` accepts (each is notified). */
export async function befriend(a: Person, b: Person) {
  const { requestId } = await call<{ requestId: string }>(a, "friends.request", { memberId: b.id });
  await call(b, "friends.accept", { requestId });
}

/** Two friends and the private chat between them, opened by the first. */
export async function friendsInChat(app: RunningHost, newPage: () => Promise<Page>, first: string, second: string) {
  const ada = await person(app, newPage, first);
  const bob = await person(app, newPage, second);
  await befriend(ada, bob);
  const { chatId } = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: bob.id });
  return { ada, bob, chatId };
}

/** A procedure called from the member's own page, with their session, as the SPA calls it. */
export const call = <T>(who: Person, path: string, input: unknown) => callFromPage<T>(who.page, path, input);
