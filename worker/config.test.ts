import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import { readConfig } from "./config";
import { generateVapidKeys } from "./push/vapid";
import { createTestApp } from "../testing/harness";
import { startHost } from "../testing/host";

const base = { PARTY_SECRET: "s", UNSUBSCRIBE_SECRET: "u" };

describe("the app's public origin", () => {
  it("is APP_URL when set, as an origin", () => {
    expect(readConfig({ ...base, APP_URL: "https://crewboard.example.com/" }).appUrl).toBe(
      "https://crewboard.example.com",
    );
  });

  it("defaults, on the Node host, to the address it listens on", () => {
    expect(readConfig({ ...base, HOST: "127.0.0.1", PORT: "8787" }).appUrl).toBe("http://127.0.0.1:8787");
  });

  it("is required in production, and by a host with no listening address (the Worker)", () => {
    expect(() => readConfig({ ...base, HOST: "127.0.0.1", PORT: "8787", NODE_ENV: "production" })).toThrow(/APP_URL/);
    expect(() => readConfig(base)).toThrow(/APP_URL/);
  });

  it("must be an http(s) origin", () => {
    expect(() => readConfig({ ...base, APP_URL: "javascript:alert(1)" })).toThrow(/APP_URL/);
  });
});

describe("secrets", () => {
  it("requires the one that signs unsubscribe links", () => {
    expect(() => readConfig({ PARTY_SECRET: "s", APP_URL: "https://crewboard.example.com" })).toThrow(
      /UNSUBSCRIBE_SECRET is not set/,
    );
  });
});

describe("the servers calls connect through", () => {
  const calls = (env: Record<string, string>) =>
    readConfig({ ...base, APP_URL: "http://127.0.0.1:8787", ...env }).calls;

  it("are none by default: on one machine the browsers connect directly", () => {
    expect(calls({})).toEqual({ iceServers: [], turn: null });
  });

  it("are the STUN and TURN URLs configured, the TURN ones with their credentials", () => {
    expect(
      calls({
        ICE_SERVER_URLS:
          "stun:stun.example.com:3478, turn:turn.example.com:3478?transport=udp turns:turn.example.com:443",
        ICE_USERNAME: "crew",
        ICE_CREDENTIAL: "secret",
      }).iceServers,
    ).toEqual([
      { urls: ["stun:stun.example.com:3478"] },
      {
        urls: ["turn:turn.example.com:3478?transport=udp", "turns:turn.example.com:443"],
        username: "crew",
        credential: "secret",
      },
    ]);
  });

  it("refuse what would fail every call: a URL that is not STUN or TURN, TURN without credentials, half a TURN key", () => {
    expect(() => calls({ ICE_SERVER_URLS: "https://turn.example.com" })).toThrow(/ICE_SERVER_URLS/);
    expect(() => calls({ ICE_SERVER_URLS: "turn:turn.example.com" })).toThrow(/ICE_USERNAME/);
    expect(() => calls({ TURN_KEY_ID: "key" })).toThrow(/TURN_KEY_API_TOKEN/);
  });

  it("mint TURN credentials from Cloudflare's API with a key, or from another API base URL", () => {
    expect(calls({ TURN_KEY_ID: "key", TURN_KEY_API_TOKEN: "token" }).turn).toEqual({
      keyId: "key",
      apiToken: "token",
      apiUrl: "https://rtc.live.cloudflare.com/v1",
    });
    expect(
      calls({ TURN_KEY_ID: "k", TURN_KEY_API_TOKEN: "t", TURN_API_URL: "http://127.0.0.1:9/v1" }).turn?.apiUrl,
    ).toBe("http://127.0.0.1:9/v1");
  });
});

describe("e-mailed links", () => {
  it("are built from the configured origin, whatever Host and Origin a sign-up sends", async () => {
    const t = await createTestApp({ APP_URL: undefined, HOST: "127.0.0.1", PORT: "8787" });
    const response = await t.app.request("http://evil.example/api/trpc/auth.signUp", {
      method: "POST",
      headers: { Host: "evil.example", Origin: "http://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ json: { displayName: "Victim", email: "victim@example.com", password: "secret1" } }),
    });
    expect(response.status).toBe(200);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, "victim@example.com"));
    expect(mail!.body).toContain("http://127.0.0.1:8787/auth/verify?token=");
    expect(mail!.body).not.toContain("evil.example");
  });
});

describe("the started Node host", () => {
  it("refuses to start in production without APP_URL, saying why", async () => {
    await expect(startHost({ env: { NODE_ENV: "production", WEB_CONCURRENCY: "1" } })).rejects.toThrow(
      /Cannot start: APP_URL is not set/,
    );
  }, 60_000);

  it("adds a secret a later version needs to the secrets of an older install, keeping the others", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "crewboard-secrets-"));
    const file = join(dataDir, "secrets.json");
    writeFileSync(file, JSON.stringify({ partySecret: "kept-party-secret" }));
    const host = await startHost({ dataDir, env: { WEB_CONCURRENCY: "1" } });
    try {
      const secrets = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      expect(secrets.partySecret).toBe("kept-party-secret");
      expect(secrets.unsubscribeSecret).toMatch(/^[\w-]{43}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await host.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("mails links to the address it listens on, whatever Host a sign-up sends", async () => {
    const host = await startHost({ env: { WEB_CONCURRENCY: "1" } });
    try {
      // fetch will not send a Host of our choosing; node:http will, as any script can.
      const body = JSON.stringify({
        json: { displayName: "Victim", email: "victim@example.com", password: "secret1" },
      });
      const response = await new Promise<IncomingMessage>((done, fail) =>
        request(`${host.url}/api/trpc/auth.signUp`, {
          method: "POST",
          headers: { Host: "evil.example", Origin: "http://evil.example", "Content-Type": "application/json" },
        })
          .on("response", done)
          .on("error", fail)
          .end(body),
      );
      response.resume();
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(await host.latestVerificationLink("victim@example.com")).toMatch(
        new RegExp(`^${host.url}/auth/verify\\?token=`),
      );
    } finally {
      await host.stop();
    }
  }, 60_000);
});

describe("push's VAPID keys", () => {
  const keys = () => generateVapidKeys();

  it("turn push on together, with the app's origin as the contact unless VAPID_SUBJECT says another", async () => {
    const { publicKey, privateKey } = await keys();
    const env = {
      ...base,
      APP_URL: "https://crewboard.example.com",
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    };
    expect(readConfig(env).push).toEqual({ publicKey, privateKey, subject: "https://crewboard.example.com" });
    expect(readConfig({ ...env, VAPID_SUBJECT: "mailto:ops@example.com" }).push?.subject).toBe(
      "mailto:ops@example.com",
    );
    expect(readConfig({ ...base, APP_URL: "https://crewboard.example.com" }).push).toBeNull();
  });

  it("refuse half a pair, keys that are not P-256 keys, and a contact push services cannot use", async () => {
    const { publicKey, privateKey } = await keys();
    const env = { ...base, APP_URL: "https://crewboard.example.com" };
    expect(() => readConfig({ ...env, VAPID_PUBLIC_KEY: publicKey })).toThrow(/together/);
    expect(() => readConfig({ ...env, VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => readConfig({ ...env, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: publicKey })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() =>
      readConfig({ ...env, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: "ops" }),
    ).toThrow(/VAPID_SUBJECT/);
  });
});

describe("the push services pushes may go to beside the known ones", () => {
  const hosts = (value?: string) =>
    readConfig({ ...base, APP_URL: "https://crewboard.example.com", PUSH_ENDPOINT_HOSTS: value }).pushEndpointHosts;

  it("are none by default, and the hosts PUSH_ENDPOINT_HOSTS names, as URLs write them", () => {
    expect(hosts()).toEqual([]);
    expect(hosts(" Push.Example.com., *.push.internal 127.0.0.1,[::1] ")).toEqual([
      "push.example.com",
      "*.push.internal",
      "127.0.0.1",
      "[::1]",
    ]);
  });

  it("refuse what is not a host name: a URL, a port, a path", () => {
    for (const wrong of ["https://push.example.com", "push.example.com:8443", "push.example.com/send", "*"]) {
      expect(() => hosts(wrong)).toThrow(`PUSH_ENDPOINT_HOSTS takes host names (push.example.com, *.example.com), not`);
    }
  });
});

describe("the cost of a password hash", () => {
  const local = { ...base, APP_URL: "http://127.0.0.1:8787" };

  it("is OWASP's scrypt N=2^14 unless set", () => {
    expect(readConfig(local).passwordHashN).toBe(2 ** 14);
    expect(readConfig({ ...local, PASSWORD_HASH_LOG2_N: "10" }).passwordHashN).toBe(2 ** 10);
  });

  it("is never lower than that in production, and never beyond 1 GiB a hash", () => {
    const production = { ...base, NODE_ENV: "production", APP_URL: "https://crewboard.example.com" };
    expect(() => readConfig({ ...production, PASSWORD_HASH_LOG2_N: "10" })).toThrow(/at least 14 in production/);
    expect(readConfig({ ...production, PASSWORD_HASH_LOG2_N: "15" }).passwordHashN).toBe(2 ** 15);
    expect(() => readConfig({ ...local, PASSWORD_HASH_LOG2_N: "21" })).toThrow(/over 1 GiB/);
  });
});
