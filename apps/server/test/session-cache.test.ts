import { Errors } from "@vrf/contract/errors.ts";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionLookup } from "../src/modules/session/session.repository.ts";
import { createSessionCache } from "../src/modules/session/session-cache.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const D = "/hmt-web/distributor";
const LIST = `${D}/devices/list`;
const page = { kind: "himit", pageNum: 1, pageSize: 5 };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Ends a token's session straight in the database, as another instance signing it out would. */
const endElsewhere = async (app: TestApp) =>
  app.db.updateTable("sessions").set({ revoked_at: app.clock.now(), revoked_reason: "elsewhere" }).execute();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("session lookups answering reads for a moment", () => {
  it("never outlive a sign-out on this instance: the next read is refused at once", async () => {
    t = await createTestApp();
    const { accessToken } = await t.login("distributor@example.com");
    const token = (
      await t.post<{ token: string }>("/hmt-web/himit-checker/sys/login", { accessToken, authorityNum: 2 })
    ).body.data.token;
    for (let i = 0; i < 3; i++) expect((await t.get(LIST, page, token)).body.errorCode).toBe(0);
    expect((await t.post("/account/acc/logout", { accessToken })).body.errorCode).toBe(0);
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(Errors.sessionEnded.errorCode);
  });

  it("are never used by a call that writes, which drops them all", async () => {
    // Long enough that the read below falls within it on a busy machine; lapsing is the next test.
    t = await createTestApp({ sessionCacheMs: 30_000 });
    const token = await t.moduleToken("distributor@example.com", 2);
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(0);
    await endElsewhere(t);
    // Within the moment a read may still be answered from the lookup it just made...
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(0);
    // ...a write never: it reads the session afresh and is refused before anything is validated or written.
    expect((await t.post(`${D}/project/add`, {}, token)).body.errorCode).toBe(Errors.sessionEnded.errorCode);
    // And that write dropped every cached lookup, so reads are refused from now on.
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(Errors.sessionEnded.errorCode);
  });

  it("lapse by themselves when nothing is written here", async () => {
    t = await createTestApp({ sessionCacheMs: 300 });
    const token = await t.moduleToken("distributor@example.com", 2);
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(0);
    await endElsewhere(t);
    await sleep(350);
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(Errors.sessionEnded.errorCode);
  });

  it("are not kept at all with SESSION_CACHE_MS=0", async () => {
    t = await createTestApp({ sessionCacheMs: 0 });
    const token = await t.moduleToken("distributor@example.com", 2);
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(0);
    await endElsewhere(t);
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(Errors.sessionEnded.errorCode);
  });

  it("still apply the idle timeout, by the clock of the call", async () => {
    t = await createTestApp({ sessionCacheMs: 60_000 });
    const token = await t.moduleToken("distributor@example.com", 2);
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(0);
    t.clock.advance(3 * 60 * 60 * 1000);
    expect((await t.get(LIST, page, token)).body.errorCode).toBe(Errors.tokenExpired.errorCode);
  });
});

describe("the session cache", () => {
  const lookup = { id: 1 } as SessionLookup;

  it("keeps at most its bound, dropping the oldest first", () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const key of ["a", "b", "c", "d"]) cache.set(key, lookup, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("d")).toBe(lookup);
  });

  it("keeps nothing when its lifetime is 0", () => {
    const cache = createSessionCache({ ttlMs: 0 });
    cache.set("a", lookup, cache.generation);
    expect(cache.get("a")).toBeUndefined();
  });

  it("does not keep a lookup that was under way when a write dropped the entries", () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const started = cache.generation;
    // A write answers (and clears) while the read's lookup is still in the database...
    cache.clear();
    // ...so what that lookup read may predate the write: it must not answer later reads.
    cache.set("a", lookup, started);
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", lookup, cache.generation);
    expect(cache.get("a")).toBe(lookup);
  });
});
