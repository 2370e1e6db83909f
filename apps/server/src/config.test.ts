import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("configuration", () => {
  it("defaults to the embedded database, port 8080 and demo data", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, dataDir: "./data", demo: true, publicUrl: "http://localhost:8080" });
    expect(config.databaseUrl).toBeUndefined();
  });

  it("turns demo data off by default on PostgreSQL, on when asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db", DEMO: "on" }).demo).toBe(true);
  });

  it("names every bad key", () => {
    const bad = () => loadConfig({ PORT: "eighty", DATABASE_URL: "nope", LOG_LEVEL: "loud" });
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/DATABASE_URL/);
    expect(bad).toThrow(/LOG_LEVEL/);
  });
});
