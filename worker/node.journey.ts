/**
 * The member journey of the edge check (testing/journey.ts) on the Node host, started as
 * `npm start` starts it: serving processes over one libSQL file, the rooms in their own workerd,
 * e-mail over SMTP (a stand-in server with STARTTLS). Part of `npm run test:edge`, beside the same
 * journey in workerd (worker/edge.journey.ts).
 */
import { afterAll, beforeAll } from "vitest";
import { startHost, type RunningHost } from "../testing/host";
import { memberJourney } from "../testing/journey";
import { startSmtpStandIn, type SmtpStandIn } from "../testing/mail-stand-ins";
import { standInEnv, startStripeStandIn, type StripeStandIn } from "../testing/stripe-stand-in";

let stripe: StripeStandIn;
let smtp: SmtpStandIn;
let host: RunningHost;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  smtp = await startSmtpStandIn();
  host = await startHost({ rooms: true, env: { ...standInEnv(stripe), ...smtp.env } });
});

afterAll(async () => {
  await host?.stop();
  await smtp?.close();
  await stripe?.close();
});

memberJourney(() => ({ ...host, stripe, mail: smtp }));
