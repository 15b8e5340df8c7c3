import { z } from "zod";
import { PREFERENCE_KEYS } from "@core/notification-rules";
import { NOTIFICATION_GONE, listNotifications, markAllRead, markRead, unreadCount } from "../notifications/inbox";
import { preferencesOf, setPreference } from "../notifications/preferences";
import { pokeMembers } from "../rooms/notify";
import { protectedProcedure, router } from "../trpc";

const notificationId = z.number({ error: NOTIFICATION_GONE }).int(NOTIFICATION_GONE).positive(NOTIFICATION_GONE);

const listInput = z.object({
  filter: z.enum(["unread", "all"]).default("all"),
  /** The last id of the page before. */
  cursor: notificationId.nullish(),
});

const preferenceInput = z.object({
  key: z.enum(PREFERENCE_KEYS, { error: "Unknown notification kind." }),
  channel: z.enum(["email", "push"], { error: "Unknown channel." }),
  enabled: z.boolean(),
});

export const notificationsRouter = router({
  /** The bell's badge: unread, counted up to the cap. */
  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),

  /** The bell's panel (the first page) and /notifications: newest first, by cursor. */
  list: protectedProcedure
    .input(listInput)
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input.filter, input.cursor ?? null)),

  /** Opening one marks it read; the member's other pages drop it from their count too. */
  markRead: protectedProcedure.input(z.object({ id: notificationId })).mutation(async ({ ctx, input }) => {
    const { changed } = await markRead(ctx.db, ctx.user.id, input.id);
    if (changed) pokeMembers(ctx, [ctx.user.id], "notification");
    return { id: input.id };
  }),

  /** 'Mark all as read': up to the newest the member was shown, when the page says which. */
  markAllRead: protectedProcedure
    .input(z.object({ upToId: notificationId.nullish() }))
    .mutation(async ({ ctx, input }) => {
      const marked = await markAllRead(ctx.db, ctx.user.id, input.upToId ?? null);
      if (marked) pokeMembers(ctx, [ctx.user.id], "notification");
      return { marked };
    }),

  /** Per kind (and private messages), the channels besides the app; the app always shows them. */
  preferences: protectedProcedure.query(({ ctx }) => preferencesOf(ctx.db, ctx.user.id)),

  setPreference: protectedProcedure
    .input(preferenceInput)
    .mutation(({ ctx, input }) => setPreference(ctx.db, ctx.user.id, input.key, input.channel, input.enabled)),
});
