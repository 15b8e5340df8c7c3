/**
 * What the SPA reads from procedures' outputs, checked by the compiler: these assertions hold in
 * `npm run typecheck` (at run time `expectTypeOf` does nothing). Components take their props' types
 * from `RouterOutputs`, never a copy, so a procedure that stops returning a field breaks the compile
 * of every component that reads it, and these tests name the field first.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { Friend, FriendCard } from "../components/friends/friend-card";
import type { RouterOutputs } from "./types";

type CardFriend = Parameters<typeof FriendCard>[0]["friend"];

describe("a friend card", () => {
  it("is given a row of friends.list as the procedure returns it", () => {
    expectTypeOf<CardFriend>().toEqualTypeOf<RouterOutputs["friends"]["list"][number]>();
  });

  it("relies on the id, the name, the e-mail, the picture and the specialization", () => {
    expectTypeOf<Friend>().toExtend<{
      id: string;
      displayName: string | null;
      email: string;
      avatarUrl: string | null;
      specialization: string | null;
    }>();
  });

  it("cannot be given a friends.list that no longer returns the e-mail", () => {
    type WithoutEmail = Omit<RouterOutputs["friends"]["list"][number], "email">;
    // @ts-expect-error: the card shows `friend.email`, so this output would not compile in the SPA.
    expectTypeOf<WithoutEmail>().toExtend<CardFriend>();
  });
});

describe("a friend request", () => {
  it("tells the Add Friend dialog and the profile view who it went to, by name", () => {
    expectTypeOf<RouterOutputs["friends"]["request"]>().toExtend<{
      requestId: string;
      member: { id: string; displayName: string | null };
    }>();
  });
});
