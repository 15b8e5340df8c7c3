/**
 * One more process running the scheduled job over the host's database file, as a second Node host
 * or another Worker isolate on its Cron Trigger would, in a loop until SIGTERM; then it prints what
 * it did. The concurrency tests start several beside the host (`startJobsProcess` in crowd.ts), so
 * that every process runs the job at the same moment.
 */
import { localDataDir, openLocalDb } from "../../db/local";
import { readConfig } from "../config";
import { runScheduledJobs } from "../jobs/scheduled";
import { nodeMailer } from "../mail/node-mailer";

const config = readConfig(process.env);
const db = await openLocalDb(localDataDir(), { migrate: false, checkpoints: "elsewhere" });
const mailer = nodeMailer(config);
let stopping = false;
process.on("SIGTERM", () => (stopping = true));

const totals = { runs: 0, digests: 0, emails: 0 };
console.log("jobs process ready");
while (!stopping) {
  const done = await runScheduledJobs(db, mailer, config);
  totals.runs++;
  totals.digests += done.digests;
  totals.emails += done.emails;
  await new Promise((next) => setTimeout(next, 5));
}
console.log(`jobs process done ${JSON.stringify(totals)}`);
process.exit(0);
