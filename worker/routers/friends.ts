import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  EMAIL_LOOKUPS_PER_HOUR,
  EMAIL_REQUIRED,
  LOGIN_REQUIRED,
  MEMBER_NOT_FOUND,
  NO_USER_WITH_EMAIL,
  REQUEST_GONE,
  tooManyLookups,
} from "@core/friend-rules";
import { MAX_EMAIL_LENGTH } from "@core/rules";
import { normalizeEmail } from "../auth/accounts";
import { minutesFrom, type RateRule } from "../auth/rate-limit";
import { friendsOf, incomingCount, memberToAsk, pendingRequests, type MemberLookup } from "../friends/lists";
import {
  acceptRequest,
  cancelRequest,
  rejectRequest,
  relationshipWith,
  removeFriend,
  sendRequest,
} from "../friends/pairs";
import { pokeMembers } from "../rooms/notify";
import { tellNotified } from "../notifications/write";
import { protectedProcedure, router, unbatchedProcedure, type Context } from "../trpc";
import { plainText } from "@core/fields";

/** Looking members up by e-mail tells whether an address is registered, so it is rationed per member. */
const EMAIL_LOOKUPS: RateRule = { name: "friends:lookup", limit: EMAIL_LOOKUPS_PER_HOUR, windowMs: 60 * 60 * 1000 };

const byEmail = z.object({
  email: plainText(EMAIL_REQUIRED)
    .trim()
    .min(1, EMAIL_REQUIRED)
    // No account has a longer address, so a longer one finds nobody.
    .max(MAX_EMAIL_LENGTH, NO_USER_WITH_EMAIL)
    .transform(normalizeEmail),
});
const byMember = z.object({ memberId: plainText(MEMBER_NOT_FOUND).min(1, MEMBER_NOT_FOUND).max(64, MEMBER_NOT_FOUND) });
const byRequest = z.object({ requestId: plainText(REQUEST_GONE).min(1, REQUEST_GONE).max(64, REQUEST_GONE) });

/** `gone`: how this way of asking words a member who is not there, which a member who blocked the asker is too. */
async function requestFriendship(
  ctx: Context,
  from: string,
  to: MemberLookup,
  gone: string,
  limit?: Parameters<typeof sendRequest>[4],
) {
  const { row, notified, member } = await sendRequest(ctx.db, from, to, gone, limit);
  pokeSides(ctx, from, member.id);
  tellNotified(ctx, notified);
  return { requestId: row.id, member };
}

/**
 * Both members' open pages (the other's badge and lists, and the actor's other tabs) learn of a
 * change to their friendship through their own rooms, without a reload.
 */
const pokeSides = (ctx: Context, memberId: string, otherId: string) =>
  pokeMembers(ctx, [otherId, memberId], "friend-request");

export const friendsRouter = router({
  /** Accepted friends, by name. */
  list: protectedProcedure.query(({ ctx }) => friendsOf(ctx.db, ctx.user.id)),

  /** Pending requests on both sides: received (to answer) and sent (to wait for or cancel). */
  requests: protectedProcedure.query(async ({ ctx }) => {
    const [incoming, sent] = await Promise.all([
      pendingRequests(ctx.db, ctx.user.id, "incoming"),
      pendingRequests(ctx.db, ctx.user.id, "sent"),
    ]);
    return { incoming, sent };
  }),

  /** The sidebar's badge: how many requests wait for the member's answer. */
  incomingCount: protectedProcedure.query(({ ctx }) => incomingCount(ctx.db, ctx.user.id)),

  /** Where the caller stands with a member; their e-mail only once they are friends. */
  relationship: protectedProcedure.input(byMember).query(async ({ ctx, input }) => {
    const relationship = await relationshipWith(ctx.db, ctx.user.id, input.memberId);
    if (relationship.status !== "friends") return { ...relationship, email: null };
    const friend = await memberToAsk(ctx.db, { id: input.memberId });
    return { ...relationship, email: friend?.email ?? null };
  }),

  /**
   * A friend request, to the member with this e-mail (the Add Friend dialog) or this id (a profile
   * view). Spec §5, in its order: the e-mail is checked before the login so that the form's first
   * message is the same for everyone; not a protected procedure so that the login message is the
   * spec's own. E-mail lookups are rate limited, so each call comes on its own, never in a batch.
   */
  request: unbatchedProcedure.input(z.union([byEmail, byMember])).mutation(async ({ ctx, input }) => {
    const user = (await ctx.signedIn)?.user;
    if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: LOGIN_REQUIRED });
    if ("memberId" in input) return requestFriendship(ctx, user.id, { id: input.memberId }, MEMBER_NOT_FOUND);
    // The answer tells whether an address is registered: every lookup counts, found or not.
    return requestFriendship(ctx, user.id, { email: input.email }, NO_USER_WITH_EMAIL, {
      attempts: [[EMAIL_LOOKUPS, user.id]],
      message: (wait) => tooManyLookups(minutesFrom(wait)),
    });
  }),

  accept: protectedProcedure.input(byRequest).mutation(async ({ ctx, input }) => {
    const { row, notified } = await acceptRequest(ctx.db, input.requestId, ctx.user.id);
    pokeSides(ctx, ctx.user.id, row.userId);
    tellNotified(ctx, notified);
    return { requestId: row.id, status: "accepted" as const };
  }),

  reject: protectedProcedure.input(byRequest).mutation(async ({ ctx, input }) => {
    const { row, notified } = await rejectRequest(ctx.db, input.requestId, ctx.user.id);
    pokeSides(ctx, ctx.user.id, row.userId);
    tellNotified(ctx, notified);
    return { requestId: row.id };
  }),

  cancel: protectedProcedure.input(byRequest).mutation(async ({ ctx, input }) => {
    const { row, notified } = await cancelRequest(ctx.db, input.requestId, ctx.user.id);
    pokeSides(ctx, ctx.user.id, row.friendId);
    tellNotified(ctx, notified);
    return { requestId: row.id };
  }),

  remove: protectedProcedure.input(byMember).mutation(async ({ ctx, input }) => {
    await removeFriend(ctx.db, ctx.user.id, input.memberId);
    pokeSides(ctx, ctx.user.id, input.memberId);
    return { memberId: input.memberId };
  }),
});
