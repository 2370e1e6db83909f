import { afterAll, beforeAll } from "vitest";
import { describeDeliveryAcrossStops } from "./helpers/delivery-across-stops.ts";
import { admin, scratchDatabase } from "./helpers/scratch-database.ts";

const { name, url } = scratchDatabase("vrf_delivery");
beforeAll(() => admin((client) => client.query(`CREATE DATABASE ${name}`)));
afterAll(() => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

describeDeliveryAcrossStops({ databaseUrl: url });
