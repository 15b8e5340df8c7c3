/**
 * The ICE servers a page connects its calls through: the configured STUN/TURN URLs, and at the edge
 * a TURN credential minted for this call by Cloudflare's TURN service, which expires by itself.
 */
import { z } from "zod";
import type { CallsConfig, IceServer, TurnConfig } from "../config";

/** Longer than any call: a TURN allocation is refreshed with the same credential while it lasts. */
export const TURN_CREDENTIAL_TTL_S = 4 * 60 * 60;
/** A TURN service that does not answer in time leaves the call to the configured servers. */
const TURN_TIMEOUT_MS = 5000;

const minted = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
/** Cloudflare answers `iceServers` as a list (an older form was one object). */
const mintedAnswer = z.object({ iceServers: z.union([z.array(minted), minted.transform((server) => [server])]) });

/** Browsers time out on port 53, which Cloudflare also offers (its documentation says to leave it out). */
const reachable = (url: string) => !/:53(\?|$)/.test(url);

export async function mintTurnServers(turn: TurnConfig): Promise<IceServer[]> {
  const response = await fetch(
    `${turn.apiUrl}/turn/keys/${encodeURIComponent(turn.keyId)}/credentials/generate-ice-servers`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${turn.apiToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ttl: TURN_CREDENTIAL_TTL_S }),
      signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
    },
  );
  if (!response.ok) throw new Error(`the TURN service answered ${response.status}`);
  const { iceServers } = mintedAnswer.parse(await response.json());
  return iceServers
    .map((server) => ({ ...server, urls: [server.urls].flat().filter(reachable) }))
    .filter((server) => server.urls.length > 0);
}

/**
 * The servers for one call. The TURN service failing does not stop the call: it goes on with the
 * configured servers, which connect every pair that can reach each other directly.
 */
export async function iceServersFor(config: CallsConfig): Promise<IceServer[]> {
  if (!config.turn) return config.iceServers;
  try {
    return [...config.iceServers, ...(await mintTurnServers(config.turn))];
  } catch (error) {
    console.error(`Could not mint TURN credentials: ${error instanceof Error ? error.message : String(error)}`);
    return config.iceServers;
  }
}
