import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import { readConfig } from "./config";
import { createTestApp } from "./testing/harness";

const base = { PARTY_SECRET: "s" };

describe("the app's public origin", () => {
  it("is APP_URL when set, as an origin", () => {
    expect(readConfig({ ...base, APP_URL: "https://crewboard.example.com/" }).appUrl).toBe("https://crewboard.example.com");
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
