/** Members as the browser tests set them up: signed up through the page, tied together in the database. */
import type { Page } from "playwright-core";
import type { RunningHost } from "@testing/host";
import { call as callFromPage, newMember, signUp, type Member } from "./ui";

export interface Person extends Member {
  id: string;
  page: Page;
}

export async function person(app: RunningHost, newPage: () => Promise<Page>, name: string): Promise<Person> {
  const page = await newPage();
  const member = await signUp(page, { ...newMember(), displayName: name });
  const db = app.openDatabase();
  try {
    const { rows } = await db.execute({
      sql: "SELECT id FROM users WHERE email = ?",
      args: [member.email.toLowerCase()],
    });
    return { ...member, id: String(rows[0]!.id), page };
  } finally {
    db.close();
  }
}

/** An accepted friendship, as accepting a friend request leaves it. */
export async function befriend(app: RunningHost, a: Person, b: Person) {
  const db = app.openDatabase();
  try {
    await db.execute({
      sql: "INSERT INTO friends (id, user_id, friend_id, status) VALUES (?, ?, ?, 'accepted')",
      args: [crypto.randomUUID(), a.id, b.id],
    });
  } finally {
    db.close();
  }
}

/** Two friends and the private chat between them, opened by the first. */
export async function friendsInChat(app: RunningHost, newPage: () => Promise<Page>, first: string, second: string) {
  const ada = await person(app, newPage, first);
  const bob = await person(app, newPage, second);
  await befriend(app, ada, bob);
  const { chatId } = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: bob.id });
  return { ada, bob, chatId };
}

/** A procedure called from the member's own page, with their session, as the SPA calls it. */
export const call = <T>(who: Person, path: string, input: unknown) => callFromPage<T>(who.page, path, input);
