import { defineConfig } from "vitest/config";

// System tests that need a real PostgreSQL or Redis server are named *.pg.test.ts / *.redis.test.ts
// and are part of the run when TEST_DATABASE_URL / TEST_REDIS_URL point at one (CI sets both);
// *.mqtt.test.ts need an MQTT broker (TEST_MQTT_URL) and PostgreSQL.
const systemTests = ["apps/server/test/system/**/*.test.ts"];
const systemExcluded = [
  ...(process.env.TEST_DATABASE_URL ? [] : ["apps/server/test/system/**/*.pg.test.ts"]),
  ...(process.env.TEST_REDIS_URL ? [] : ["apps/server/test/system/**/*.redis.test.ts"]),
  // Scale-out over an external MQTT broker: two instances on one PostgreSQL and one broker.
  ...(process.env.TEST_MQTT_URL && process.env.TEST_DATABASE_URL ? [] : ["apps/server/test/system/**/*.mqtt.test.ts"]),
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/simulator/src/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          exclude: systemTests,
          // One seeded embedded database for the run, which each test app loads (PGlite runs).
          globalSetup: ["apps/server/test/helpers/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real processes, sockets and servers: a spawned portal, an SMTP server, PostgreSQL, Redis.
        test: {
          name: "system",
          include: systemTests,
          exclude: systemExcluded,
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          // One seeded database for the run, which each file's server starts from.
          globalSetup: ["e2e/harness/global-setup.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One browser and one server at a time: the machines have two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
