/**
 * Prints a new VAPID key pair for Web Push, for the edge's secrets (docs/DEPLOY.md, "Push
 * notifications"). The Node host makes its own into .data/secrets.json on first run.
 *
 *   npx tsx scripts/vapid-keys.ts
 */
import { generateVapidKeys } from "../worker/push/vapid";

const { publicKey, privateKey } = await generateVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);
