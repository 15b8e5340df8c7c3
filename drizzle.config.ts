import { defineConfig } from "drizzle-kit";

const paths = { schema: "./db/schema.ts", out: "./db/migrations" };
const url = process.env.LIBSQL_URL;

/**
 * `drizzle-kit generate` needs the schema alone. `drizzle-kit migrate` applies db/migrations to the
 * database at LIBSQL_URL (Turso in production: docs/DEPLOY.md), over libSQL's HTTP protocol with
 * LIBSQL_AUTH_TOKEN; the Node host migrates its own file when it starts.
 */
export default url
  ? defineConfig({ ...paths, dialect: "turso", dbCredentials: { url, authToken: process.env.LIBSQL_AUTH_TOKEN } })
  : defineConfig({ ...paths, dialect: "sqlite" });
