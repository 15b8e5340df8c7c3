/** Settings → Push notifications: the server's public key, and the member's own devices. */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  MAX_PUSH_ENDPOINT_LENGTH,
  PUSH_AUTH_LENGTH,
  PUSH_DEVICE_GONE,
  PUSH_ENDPOINT_INVALID,
  PUSH_KEYS_INVALID,
  PUSH_OFF,
  PUSH_P256DH_LENGTH,
} from "@core/push-rules";
import { plainText } from "@core/fields";
import { protectedProcedure, router } from "../trpc";
import { pushEndpointProblem } from "../push/endpoints";
import { deviceLabel, isDeviceKey, listDevices, removeDevice, storeDevice } from "../push/subscriptions";

/** base64url of exactly `length` characters; browsers may pad it, which is dropped. */
const base64Url = (length: number) =>
  z
    .string()
    .max(length + 3, PUSH_KEYS_INVALID)
    .transform((text) => text.replace(/=+$/, ""))
    .refine((text) => text.length === length && /^[A-Za-z0-9_-]+$/.test(text), PUSH_KEYS_INVALID);

/** What `PushSubscription.toJSON()` gives; `expirationTime` and anything else is dropped. */
const subscribeInput = z.object({
  endpoint: plainText().max(MAX_PUSH_ENDPOINT_LENGTH, PUSH_ENDPOINT_INVALID),
  keys: z.object({ p256dh: base64Url(PUSH_P256DH_LENGTH), auth: base64Url(PUSH_AUTH_LENGTH) }),
});

export const pushRouter = router({
  /** What browsers subscribe with; null when push is off on this server. */
  vapidPublicKey: protectedProcedure.query(({ ctx }) => ctx.config.push?.publicKey ?? null),

  /**
   * This browser gets the member's notifications from now on (their device list names it by its
   * browser), if its endpoint is on a push service pushes may go to (push/endpoints.ts).
   */
  subscribe: protectedProcedure.input(subscribeInput).mutation(async ({ ctx, input }) => {
    if (!ctx.config.push) throw new TRPCError({ code: "PRECONDITION_FAILED", message: PUSH_OFF });
    const problem = pushEndpointProblem(input.endpoint, ctx.config.pushEndpointHosts);
    if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem });
    if (!(await isDeviceKey(input.keys.p256dh)))
      throw new TRPCError({ code: "BAD_REQUEST", message: PUSH_KEYS_INVALID });
    const device = { endpoint: input.endpoint, ...input.keys };
    return storeDevice(ctx.db, ctx.user.id, device, deviceLabel(ctx.device.userAgent));
  }),

  /** The member's devices, newest first. */
  list: protectedProcedure.query(({ ctx }) => listDevices(ctx.db, ctx.user.id)),

  /** Stops notifications to one of the member's own devices. */
  remove: protectedProcedure.input(z.object({ id: plainText().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    if (!(await removeDevice(ctx.db, ctx.user.id, input.id))) {
      throw new TRPCError({ code: "NOT_FOUND", message: PUSH_DEVICE_GONE });
    }
    return { removed: true };
  }),
});
