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

  it("runs its own MQTT broker on 18830 (beside a Mosquitto on 1883), or uses MQTT_URL's", () => {
    expect(loadConfig({})).toMatchObject({ mqttPort: 18830, mqttHost: "0.0.0.0" });
    expect(loadConfig({ MQTT_URL: "mqtt://127.0.0.1:1883" }).mqttUrl).toBe("mqtt://127.0.0.1:1883");
    expect(loadConfig({ MQTT_PORT: "1884", MQTT_HOST: "127.0.0.1" })).toMatchObject({
      mqttPort: 1884,
      mqttHost: "127.0.0.1",
    });
    expect(() => loadConfig({ MQTT_URL: "http://broker" })).toThrow(/MQTT_URL/);
    expect(() => loadConfig({ MQTT_PORT: "70000" })).toThrow(/MQTT_PORT/);
  });

  it("logs at info, and as JSON only in production", () => {
    expect(loadConfig({})).toMatchObject({ logLevel: "info", production: false });
    expect(loadConfig({ NODE_ENV: "development" }).production).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", LOG_LEVEL: "debug" })).toMatchObject({
      logLevel: "debug",
      production: true,
    });
  });

  it("offers a place search only with an http(s) GEOCODER_URL", () => {
    expect(loadConfig({}).geocoderUrl).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: "https://nominatim.example.com" }).geocoderUrl).toBe(
      "https://nominatim.example.com",
    );
    expect(() => loadConfig({ GEOCODER_URL: "ftp://nominatim.example.com" })).toThrow(/GEOCODER_URL/);
    expect(() => loadConfig({ GEOCODER_URL: "nominatim" })).toThrow(/GEOCODER_URL/);
  });

  it("drains for 10 s on shutdown unless told otherwise", () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "2500" }).shutdownDrainMs).toBe(2_500);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it("bounds PostgreSQL statements, with longer reports on a pool of their own, unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({
      poolSize: 10,
      reportPoolSize: 3,
      statementTimeoutMs: 10_000,
      reportStatementTimeoutMs: 15_000,
    });
    expect(
      loadConfig({
        DATABASE_POOL_SIZE: "16",
        DATABASE_REPORT_POOL_SIZE: "2",
        DATABASE_STATEMENT_TIMEOUT_MS: "5000",
        DATABASE_REPORT_STATEMENT_TIMEOUT_MS: "60000",
      }),
    ).toMatchObject({ poolSize: 16, reportPoolSize: 2, statementTimeoutMs: 5_000, reportStatementTimeoutMs: 60_000 });
    // 0 would mean no timeout at all in PostgreSQL.
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "0" })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_REPORT_POOL_SIZE: "0" })).toThrow(/DATABASE_REPORT_POOL_SIZE/);
  });

  it("names every bad key", () => {
    const bad = () => loadConfig({ PORT: "eighty", DATABASE_URL: "nope", LOG_LEVEL: "loud" });
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/DATABASE_URL/);
    expect(bad).toThrow(/LOG_LEVEL/);
  });
});

describe("TRUST_PROXY", () => {
  const trustOf = (value: string | undefined) =>
    loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it("trusts no forwarded header unless told to", () => {
    for (const off of [undefined, "", "off", "false", "OFF", "0"]) expect(trustOf(off), String(off)).toBe(false);
  });

  it("takes a hop count", () => {
    expect(trustOf("1")).toBe(1);
    expect(trustOf(" 2 ")).toBe(2);
  });

  it("takes a list of addresses, CIDRs and proxy-addr's named ranges", () => {
    expect(trustOf("127.0.0.1,10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(trustOf(" loopback , ::1, fd00::/8, 192.168.1.7/32 ")).toEqual([
      "loopback",
      "::1",
      "fd00::/8",
      "192.168.1.7/32",
    ]);
  });

  it("refuses trusting everyone and anything that is not an address, naming the key", () => {
    for (const bad of [
      "true",
      "on",
      "*",
      "10.0.0.300",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.0/8/1",
      "proxy.local",
      "127.0.0.1,",
      "11",
    ]) {
      expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("REDIS_URL", () => {
  it("is optional: counters stay in the process without it", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).redisUrl).toBe("redis://127.0.0.1:6379");
    expect(loadConfig({ REDIS_URL: "rediss://user:pw@cache.example:6380/2" }).redisUrl).toBe(
      "rediss://user:pw@cache.example:6380/2",
    );
  });

  it("refuses what is not a redis URL, naming the key", () => {
    for (const bad of ["127.0.0.1:6379", "http://127.0.0.1:6379"]) {
      expect(() => loadConfig({ REDIS_URL: bad }), bad).toThrow(/REDIS_URL/);
    }
  });
});

describe("MQTT_HTTP_AUTH_TOKEN", () => {
  it("is optional: EMQX's authentication routes are not served without it", () => {
    expect(loadConfig({}).mqttHttpAuthToken).toBeUndefined();
    const token = "emqx-Calls_the.portal~0123456789";
    expect(loadConfig({ MQTT_HTTP_AUTH_TOKEN: token }).mqttHttpAuthToken).toBe(token);
  });

  it("refuses a short token or one with spaces, naming the key", () => {
    for (const bad of [
      "too-short-0123456789",
      "twenty four characters with spaces",
      "",
      "tab\there-0123456789abcdefgh",
    ]) {
      expect(() => loadConfig({ MQTT_HTTP_AUTH_TOKEN: bad }), bad).toThrow(
        /MQTT_HTTP_AUTH_TOKEN: expected at least 24 printable characters, no spaces/,
      );
    }
  });
});

describe("MQTT_DYNSEC", () => {
  it("is off by default, and on only with MQTT_URL", () => {
    expect(loadConfig({}).mqttDynsec).toBe(false);
    expect(loadConfig({ MQTT_URL: "mqtt://admin:secret@127.0.0.1:1883", MQTT_DYNSEC: "on" }).mqttDynsec).toBe(true);
    expect(loadConfig({ MQTT_URL: "mqtt://127.0.0.1:1883", MQTT_DYNSEC: "off" }).mqttDynsec).toBe(false);
  });

  it("refuses on without MQTT_URL, or without its user and password, naming the key", () => {
    expect(() => loadConfig({ MQTT_DYNSEC: "on" })).toThrow(
      /^MQTT_DYNSEC: on needs MQTT_URL \(an external Mosquitto 2/,
    );
    expect(() => loadConfig({ MQTT_URL: "mqtt://127.0.0.1:1883", MQTT_DYNSEC: "on" })).toThrow(
      /^MQTT_DYNSEC: on needs MQTT_URL with the plugin admin's user and password/,
    );
    expect(() => loadConfig({ MQTT_DYNSEC: "yes" })).toThrow(/MQTT_DYNSEC/);
  });
});
