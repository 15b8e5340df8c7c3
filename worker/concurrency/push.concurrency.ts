/**
 * Push under four serving processes and the primary's scheduled job: one browser enabling
 * notifications several times at once is one device, and a burst of private messages, each send
 * retried while the first try is still out, pushes each message once, however many dispatchers
 * claim at the same moment.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { RunningHost } from "@testing/host";
import { startPushStandIn, type PushStandIn } from "@testing/push-stand-in";
import { countRows, expectNoServerErrors, outcome, signUpMany, startCrowdHost } from "./crowd";

const MESSAGES = 40;
/** A message's pushes only: the friend request that made them friends queued one of its own. */
const MESSAGE_PUSH = "json_extract(payload, '$.url') LIKE '/chat/%'";

let pushService: PushStandIn;
let host: RunningHost;

beforeAll(async () => {
  pushService = await startPushStandIn();
  host = await startCrowdHost({
    // The host's processes trust the stand-in's certificate, as they trust a real push service's, and
    // send to it as the operator's own push service.
    env: { NODE_EXTRA_CA_CERTS: pushService.caFile, ...pushService.env, JOBS_INTERVAL_MS: "100" },
  });
});

afterAll(async () => {
  await host?.stop();
  await pushService?.close();
});

test(`a device enabled ${8} times at once is one device; ${MESSAGES} messages, each sent twice at once, are each pushed once`, async () => {
  const [ada, bob] = await signUpMany(host, 2, "push");
  const { requestId } = await ada!.browser.trpc.friends.request.mutate({ memberId: bob!.id });
  await bob!.browser.trpc.friends.accept.mutate({ requestId });
  const { chatId } = await ada!.browser.trpc.chats.openPrivate.mutate({ friendId: bob!.id });

  const phone = pushService.device();
  const subscribed = await Promise.all(
    Array.from({ length: 8 }, () => outcome(bob!.browser.trpc.push.subscribe.mutate(phone.subscription))),
  );
  expectNoServerErrors(subscribed);
  expect(subscribed.filter((o) => !o.ok)).toEqual([]);
  expect(await countRows(host, "push_subscriptions", "member_id = ?", [bob!.id])).toBe(1);

  // Bob has no page open (no rooms run here: none can say otherwise), so every message is pushed.
  const sends = Array.from({ length: MESSAGES }, (_, i) => ({
    chatId,
    clientId: crypto.randomUUID(),
    content: `Message ${i + 1}`,
  }));
  const outcomes = await Promise.all(
    sends.flatMap((send) => [
      outcome(ada!.browser.trpc.chats.send.mutate(send)),
      outcome(ada!.browser.trpc.chats.send.mutate(send)),
    ]),
  );
  expectNoServerErrors(outcomes);
  expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  expect(await countRows(host, "push_outbox", `member_id = ? AND ${MESSAGE_PUSH}`, [bob!.id])).toBe(MESSAGES);

  const bodies = () =>
    pushService.received
      .map((push) => push.payload as { body: string; url: string })
      .filter((push) => push.url.startsWith("/chat/"))
      .map((push) => push.body);
  await expect.poll(() => bodies().length, { timeout: 60_000, interval: 200 }).toBe(MESSAGES);
  // Long enough for a dispatcher that claimed a row twice to have pushed it again.
  await new Promise((done) => setTimeout(done, 2_000));
  expect(bodies().sort()).toEqual(sends.map((send) => send.content).sort());
  expect(pushService.refused).toEqual([]);
  expect(await countRows(host, "push_outbox", `attempts = 1 AND sent_at IS NOT NULL AND ${MESSAGE_PUSH}`)).toBe(
    MESSAGES,
  );
});
