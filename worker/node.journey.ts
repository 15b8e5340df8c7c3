/**
 * The member journey of the edge check (testing/journey.ts) on the Node host, started as
 * `npm start` starts it: serving processes over one libSQL file, the rooms in their own workerd.
 * Part of `npm run test:edge`, beside the same journey in workerd (worker/edge.journey.ts).
 */
import { afterAll, beforeAll } from "vitest";
import { startHost, type RunningHost } from "../testing/host";
import { memberJourney } from "../testing/journey";
import { standInEnv, startStripeStandIn, type StripeStandIn } from "../testing/stripe-stand-in";

let stripe: StripeStandIn;
let host: RunningHost;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  host = await startHost({ rooms: true, env: standInEnv(stripe) });
});

afterAll(async () => {
  await host?.stop();
  await stripe?.close();
});

memberJourney(() => ({ ...host, stripe }));
