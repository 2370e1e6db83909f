import { randomBytes } from "node:crypto";
import pg from "pg";

/** The test PostgreSQL server (CI: trust auth, database `test`). */
export const adminUrl = () => process.env.TEST_DATABASE_URL as string;

/** One short connection for setup and checks; `url` defaults to the admin database. */
export const admin = async <T>(work: (client: pg.Client) => Promise<T>, url = adminUrl()): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * A database of its own for a test that runs real server processes on it (created by the caller
 * with `CREATE DATABASE`, dropped WITH (FORCE) afterwards): what the test does to it touches nobody else.
 */
export const scratchDatabase = (prefix: string) => {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
};
