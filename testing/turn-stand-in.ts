/**
 * A local stand-in for Cloudflare's TURN credentials API, for tests: the real one cannot be reached
 * from here. It answers `POST /turn/keys/<key id>/credentials/generate-ice-servers` as Cloudflare
 * documents it (201, `iceServers` with STUN URLs and TURN URLs carrying a fresh username and
 * credential, port 53 among them), refuses a wrong bearer token with 401, and records every request.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const TEST_TURN_KEY_ID = "turn-key-stand-in";
export const TEST_TURN_API_TOKEN = "turn-token-stand-in";

export interface TurnRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export async function startTurnStandIn() {
  const requests: TurnRequest[] = [];
  let failWith: number | null = null;
  let minted = 0;
  const server = createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    request.once("end", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as null: the test says what it expected.
      }
      requests.push({
        method: request.method!,
        path: request.url!,
        authorization: request.headers.authorization,
        body,
      });
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(json));
      };
      if (failWith) return reply(failWith, { success: false, errors: [{ message: "stand-in failure" }] });
      if (request.headers.authorization !== `Bearer ${TEST_TURN_API_TOKEN}`) return reply(401, { success: false });
      if (
        request.method !== "POST" ||
        request.url !== `/v1/turn/keys/${TEST_TURN_KEY_ID}/credentials/generate-ice-servers`
      ) {
        return reply(404, { success: false });
      }
      minted++;
      reply(201, {
        iceServers: [
          { urls: ["stun:stun.cloudflare.com:3478", "stun:stun.cloudflare.com:53"] },
          {
            urls: [
              "turn:turn.cloudflare.com:3478?transport=udp",
              "turn:turn.cloudflare.com:53?transport=udp",
              "turn:turn.cloudflare.com:3478?transport=tcp",
              "turns:turn.cloudflare.com:443?transport=tcp",
            ],
            username: `minted-user-${minted}`,
            credential: `minted-credential-${minted}`,
          },
        ],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const apiUrl = `http://127.0.0.1:${port}/v1`;
  return {
    apiUrl,
    requests,
    /** The environment that points the app at this stand-in. */
    env: { TURN_KEY_ID: TEST_TURN_KEY_ID, TURN_KEY_API_TOKEN: TEST_TURN_API_TOKEN, TURN_API_URL: apiUrl },
    /** Every later request answers this status, as the real service does when it is down. */
    fail: (status: number | null) => void (failWith = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TurnStandIn = Awaited<ReturnType<typeof startTurnStandIn>>;
