// `npx tsx bench/response-serialization.ts`: the cost of writing one answer, old against new.
//   zod        what fastify-type-provider-zod did: z.safeEncode (validate, strip) + JSON.stringify
//   compiled   the route's compiled serializer (plugins/response-serializer.ts), as in production
//   checked    compiled + the zod encoding and comparison, as under test and in development
//   stringify  JSON.stringify of the handler's value, no contract at all (the floor)
// Milliseconds per answer (median of rounds), for a 10,000-point map answer (today's columns, and
// the earlier tuples and objects) and a 200-row project list page. Numbers only; nothing is asserted.
import { ZEnvelope } from "@vrf/contract/envelope.ts";
import { listProjects } from "@vrf/contract/projects/project-list.ts";
import { encodeMapPoints, listProjectMapPoints } from "@vrf/contract/projects/project-map.ts";
import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { compileResponseSerializer } from "../apps/server/src/plugins/response-serializer.ts";

const envelope = <T>(data: T) => ({ errorCode: 0, code: 200, msg: "success", data });
const route = { method: "GET", url: "/bench" };

// The map point as a tuple, before the answer became columns of whole numbers.
const ZTupleMapPoint = z.tuple([z.number().int(), z.number(), z.number(), z.number().int()]);
const tuplePoints = Array.from({ length: 10_000 }, (_, i): [number, number, number, number] => [
  i + 1,
  48 + (i % 997) / 1000,
  11 + (i % 991) / 1000,
  i % 7,
]);

// The map point as an object, before it became a tuple (the 24 ms vs 5 ms measured in the issue).
const ZObjectMapPoint = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  himit: z.number().int(),
  hidom: z.number().int(),
  smarttouch: z.number().int(),
  checker: z.number().int(),
  alarms: z.number().int(),
});

const cases = [
  {
    name: "map points, 10,000 columns",
    schema: ZEnvelope(listProjectMapPoints.response),
    value: envelope({
      ...encodeMapPoints(tuplePoints.map(([id, lat, lng, alarms]) => ({ id, lat, lng, alarms }))),
      unlocated: 12,
    }),
  },
  {
    name: "map points, 10,000 tuples",
    schema: ZEnvelope(z.object({ points: z.array(ZTupleMapPoint), unlocated: z.number().int() })),
    value: envelope({ points: tuplePoints, unlocated: 12 }),
  },
  {
    name: "map points, 10,000 objects",
    schema: ZEnvelope(z.object({ list: z.array(ZObjectMapPoint), unlocated: z.number().int() })),
    value: envelope({
      list: Array.from({ length: 10_000 }, (_, i) => ({
        id: i + 1,
        code: `P${String(i + 1).padStart(6, "0")}`,
        name: `Hotel Bayern ${i + 1}`,
        lat: 48 + (i % 997) / 1000,
        lng: 11 + (i % 991) / 1000,
        himit: i % 3,
        hidom: i % 5,
        smarttouch: i % 2,
        checker: i % 4,
        alarms: i % 7,
      })),
      unlocated: 12,
    }),
  },
  {
    name: "project list, 200 rows",
    schema: ZEnvelope(listProjects.response),
    value: envelope({
      list: Array.from({ length: 200 }, (_, i) => ({
        id: i + 1,
        code: `P${String(i + 1).padStart(6, "0")}`,
        name: `Hotel Bayern ${i + 1}`,
        organisationId: 3,
        organisationName: "Kältetechnik Süd GmbH",
        countryCode: "DE",
        countryName: "Germany",
        cityCode: "DE-BY-M",
        cityName: "München",
        address: `Leopoldstraße ${i + 1}, 80802 München`,
        contactPerson: "Anna Müller",
        contactPhone: "+49 89 1234567",
        devices: { himit: 2, hidom: 1, smarttouch: 0, checker: 3 },
        alarmCount: i % 4,
        createdAt: "2026-03-01 08:00:00",
        // What a repository row may carry beyond the contract: never sent.
        organisation_id: 3,
        deleted_at: null,
      })),
      total: 4000,
      pageNum: 1,
      pageSize: 200,
    }),
  },
];

/** Median milliseconds per call over `rounds` rounds of `perRound` calls, after a warm-up. */
const measure = (write: () => string, perRound: number, rounds = 15) => {
  for (let i = 0; i < perRound * 3; i++) write();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) write();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6 / perRound);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
};

const fmt = (ms: number) => ms.toFixed(ms < 1 ? 3 : 2).padStart(8);
console.log(`node ${process.version}`);
console.log(
  `${"answer".padEnd(28)} ${"bytes".padStart(9)} ${"zod".padStart(8)} ${"compiled".padStart(8)} ${"checked".padStart(8)} ${"stringify".padStart(9)}  zod/compiled`,
);
for (const { name, schema, value } of cases) {
  const zod = serializerCompiler({ schema, ...route } as never);
  const compiled = compileResponseSerializer(schema, route, { check: false });
  const checked = compileResponseSerializer(schema, route, { check: true });
  if (!compiled.compiled) throw new Error(`${name}: not compiled (${compiled.problems.join("; ")})`);
  const expected = JSON.parse(zod(value));
  if (JSON.stringify(JSON.parse(compiled.serialize(value))) !== JSON.stringify(expected)) {
    console.warn(`${name}: compiled answer differs from zod's (key order?)`);
  }
  const perRound = name.includes("10,000") ? 10 : 200;
  const times = {
    zod: measure(() => zod(value), perRound),
    compiled: measure(() => compiled.serialize(value), perRound),
    checked: measure(() => checked.serialize(value), perRound),
    stringify: measure(() => JSON.stringify(value), perRound),
  };
  console.log(
    `${name.padEnd(28)} ${String(compiled.serialize(value).length).padStart(9)} ${fmt(times.zod)} ${fmt(times.compiled)} ${fmt(times.checked)} ${fmt(times.stringify).padStart(9)}  ${(times.zod / times.compiled).toFixed(1)}x`,
  );
}
