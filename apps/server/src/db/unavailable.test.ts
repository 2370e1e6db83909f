import { describe, expect, it } from "vitest";
import { openDb } from "./open.ts";
import { DatabaseUnavailableError, isConnectionLoss } from "./unavailable.ts";

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe("isConnectionLoss", () => {
  it("recognises a connection that is gone or refused", () => {
    for (const error of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      withCode("Connection terminated unexpectedly"),
      withCode("timeout exceeded when trying to connect"),
      withCode("Client has encountered a connection error and is not queryable"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("terminating connection due to crash of another server process", "57P02"),
      withCode("the database system is starting up", "57P03"),
      withCode("connection failure", "08006"),
      withCode("too many connections for role", "53300"),
      new DatabaseUnavailableError(new Error("anything")),
      new Error("wrapped", { cause: withCode("read ECONNRESET", "ECONNRESET") }),
    ]) {
      expect(isConnectionLoss(error), error.message).toBe(true);
    }
  });

  it("leaves query errors alone", () => {
    for (const error of [
      withCode("duplicate key value violates unique constraint", "23505"),
      withCode("canceling statement due to statement timeout", "57014"),
      withCode("relation does not exist", "42P01"),
      new Error("something else"),
      "not an error",
      undefined,
    ]) {
      expect(isConnectionLoss(error)).toBe(false);
    }
  });
});

describe("openDb on PostgreSQL", () => {
  it("fails a query with DatabaseUnavailableError when the server cannot be reached", async () => {
    // Port 1 refuses at once on any machine.
    const db = openDb({ databaseUrl: "postgres://postgres@127.0.0.1:1/none", connectTimeoutMs: 2_000 });
    try {
      await expect(db.selectFrom("accounts").select("id").execute()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await db.destroy();
    }
  });
});
