import { fileURLToPath } from "node:url";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { expect, it } from "vitest";
import { workerOptionsOf } from "./worker-options";

const config = fileURLToPath(new URL("./wrangler.toml", import.meta.url));

it("answers what wrangler answers for the rooms' wrangler.toml, once made and once kept", async () => {
  // Through JSON, as kept: options wrangler leaves undefined are simply absent.
  const wranglers = JSON.parse(JSON.stringify(unstable_getMiniflareWorkerOptions(config).workerOptions)) as unknown;
  expect(wranglers).toMatchObject({
    compatibilityFlags: ["no_web_socket_compression"],
    durableObjects: { ChatRoom: { className: "ChatRoom", useSQLite: true } },
  });
  expect(await workerOptionsOf(config)).toEqual(wranglers);
  expect(await workerOptionsOf(config)).toEqual(wranglers);
});
