import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { Errors } from "@vrf/contract/errors.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "./helpers/package-upload.ts";
import { createTestApp, type Envelope, type TestApp } from "./helpers/test-app.ts";

const UPLOAD = "/hmt-web/himit-checker/software-packages/upload";
const LIST = "/hmt-web/himit-checker/software-packages/list";
const DOWNLOAD = "/hmt-web/himit-checker/software-packages/download";
const DELETE = "/hmt-web/himit-checker/software-packages/delete";
const RULES = "/hmt-web/himit-checker/software-packages/rules";

interface Package {
  id: string;
  kind: "pc" | "firmware";
  version: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  importedBy: string;
  importedAt: string;
}
interface Page<T> {
  list: T[];
  total: number;
}

// Small limits, so the size checks need no large files.
const MAX = { pc: 4096, firmware: 1024 };

let t: TestApp;
let engineer: string;
let distributorCloud: string;
let foreigner: string;

const upload = async (
  fields: Record<string, string>,
  file: { name: string; content: Buffer } | null,
  token: string | null = engineer,
  fieldsAfterFile = false,
) => {
  const { body, contentType } = multipart(fields, file, fieldsAfterFile);
  const response = await t.app.inject({
    method: "POST",
    url: UPLOAD,
    payload: body,
    headers: { "content-type": contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() as Envelope<Package> };
};

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));

const uploadOk = async (kind: string, version: string, name: string, content: Buffer, token = engineer) => {
  const res = await upload({ kind, version }, { name, content }, token);
  expect(res.body.errorCode, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};

/** Files kept, and files still in the temporary folder. */
const filesOnDisk = async () => {
  const kept: string[] = [];
  let temporary: string[] = [];
  if (!existsSync(t.packagesDir)) return { kept, temporary };
  for (const entry of await readdir(t.packagesDir)) {
    const names = await readdir(join(t.packagesDir, entry));
    if (entry === "tmp") temporary = names;
    else kept.push(...names);
  }
  return { kept: kept.sort(), temporary };
};

const written = async () => ({ rows: await t.count("software_packages"), ...(await filesOnDisk()) });

const download = async (id: string, token: string | null = engineer) =>
  t.app.inject({
    method: "GET",
    url: DOWNLOAD,
    query: { id },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const later = () => t.clock.advance(60_000);

beforeAll(async () => {
  t = await createTestApp({ packageMaxBytes: MAX });
  // An engineer of another organisation: the Other Distributor's administrator with the Hi-Checker module too.
  await t.db.updateTable("accounts").set({ authorities: "2,5" }).where("email", "=", "other@example.com").execute();
  [engineer, distributorCloud, foreigner] = await Promise.all([
    t.moduleToken("checker@example.com", 5),
    t.moduleToken("distributor@example.com", 2),
    t.moduleToken("other@example.com", 5),
  ]);
});
afterAll(() => t?.close());

describe("uploading a package", () => {
  it("keeps the file under its sha256 and the row of the importer's organisation", async () => {
    const content = bytes(700);
    const sha256 = createHash("sha256").update(content).digest("hex");
    const pkg = await uploadOk("firmware", "V2.1.0", "checker-2.1.0.bin", content);
    expect(pkg).toMatchObject({
      kind: "firmware",
      version: "V2.1.0",
      fileName: "checker-2.1.0.bin",
      sizeBytes: 700,
      sha256,
      importedBy: "Service Engineer",
      importedAt: t.clock.now().toISOString(),
    });
    const stored = await readFile(join(t.packagesDir, sha256.slice(0, 2), sha256));
    expect(stored.equals(content)).toBe(true);
    expect((await filesOnDisk()).temporary).toEqual([]);
    const row = await t.db
      .selectFrom("software_packages as s")
      .innerJoin("organisations as o", "o.id", "s.organisation_id")
      .where("s.id", "=", pkg.id)
      .select(["o.name", "s.version_key"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Demo Distributor", version_key: "2.1.0" });
  });

  it("keeps the file name without the folders an old browser sends before it", async () => {
    later();
    const pkg = await uploadOk("pc", "3.0.0", "C:\\Users\\me\\Desktop\\服务软件 3.0.zip", bytes(100, 5));
    expect(pkg.fileName).toBe("服务软件 3.0.zip");
  });

  it.each([
    ["a version without dots", { kind: "firmware", version: "12" }, "a.bin", Errors.packageVersionFormat],
    ["a version with letters", { kind: "firmware", version: "1.2.3-beta" }, "a.bin", Errors.packageVersionFormat],
    ["a version of five numbers", { kind: "firmware", version: "1.2.3.4.5" }, "a.bin", Errors.packageVersionFormat],
    ["a blank version", { kind: "firmware", version: " " }, "a.bin", Errors.packageVersionFormat],
    ["an unknown kind", { kind: "driver", version: "1.0.0" }, "a.bin", Errors.parameterInvalid],
    ["a firmware .exe", { kind: "firmware", version: "1.0.0" }, "setup.exe", Errors.packageFileType],
    ["a PC package .bin", { kind: "pc", version: "1.0.0" }, "image.bin", Errors.packageFileType],
    ["a file named only by its ending", { kind: "pc", version: "1.0.0" }, ".zip", Errors.packageFileType],
  ])("refuses %s with 400, writing nothing", async (_what, fields, name, error) => {
    const before = await written();
    const res = await upload(fields, { name, content: bytes(10) });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(error.errorCode);
    expect(await written()).toEqual(before);
  });

  it("refuses an empty file with 400, writing nothing", async () => {
    const before = await written();
    const res = await upload({ kind: "firmware", version: "9.9.9" }, { name: "empty.bin", content: Buffer.alloc(0) });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(Errors.packageFileEmpty.errorCode);
    expect(await written()).toEqual(before);
  });

  it("refuses a file over its kind's limit with 413, writing nothing", async () => {
    const before = await written();
    const firmware = await upload({ kind: "firmware", version: "9.9.9" }, { name: "big.bin", content: bytes(1025) });
    expect(firmware.status).toBe(413);
    expect(firmware.body.errorCode).toBe(Errors.packageTooLarge.errorCode);
    // The largest kind's limit is also where the multipart parser stops reading.
    const pc = await upload({ kind: "pc", version: "9.9.9" }, { name: "big.zip", content: bytes(MAX.pc + 500) });
    expect(pc.status).toBe(413);
    expect(pc.body.errorCode).toBe(Errors.packageTooLarge.errorCode);
    expect(await written()).toEqual(before);
    // Exactly the limit is allowed.
    await uploadOk("firmware", "9.9.9", "exact.bin", bytes(MAX.firmware, 9));
  });

  it("refuses the fields after the file, a missing file and a body that is not multipart with 400", async () => {
    const before = await written();
    const late = await upload(
      { kind: "firmware", version: "8.0.0" },
      { name: "a.bin", content: bytes(10) },
      engineer,
      true,
    );
    expect(late.status).toBe(400);
    expect(late.body.errorCode).toBe(Errors.packageFieldsFirst.errorCode);
    const missing = await upload({ kind: "firmware", version: "8.0.0" }, null);
    expect(missing.status).toBe(400);
    expect(missing.body.errorCode).toBe(Errors.parameterEmpty.errorCode);
    const json = await t.post(UPLOAD, { kind: "firmware", version: "8.0.0" }, engineer);
    expect(json.status).toBe(400);
    expect(await written()).toEqual(before);
  });

  it("refuses a version of the same kind the organisation has already with 409, with or without its V", async () => {
    const before = await written();
    const res = await upload({ kind: "firmware", version: "2.1.0" }, { name: "again.bin", content: bytes(20, 3) });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe(Errors.packageVersionTaken.errorCode);
    expect(await written()).toEqual(before);
    // The same version of the other kind, and in another organisation, is another package.
    await uploadOk("pc", "2.1.0", "tool.zip", bytes(20, 3));
    await uploadOk("firmware", "2.1.0", "theirs.bin", bytes(20, 4), foreigner);
  });

  it("lets one of many simultaneous uploads of one version in, leaving one row and one file", async () => {
    const before = await written();
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        upload({ kind: "firmware", version: "5.0.0" }, { name: `race-${n}.bin`, content: bytes(64, n) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const after = await written();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.kept.length).toBe(before.kept.length + 1);
    expect(after.temporary).toEqual([]);
  });

  it("leaves nothing behind when the client goes away halfway through the file", async () => {
    const before = await written();
    const address = (await t.app.listen({ port: 0, host: "127.0.0.1" })) as string;
    const { port } = new URL(address);
    const { body, contentType } = multipart(
      { kind: "firmware", version: "13.0.0" },
      { name: "cut.bin", content: bytes(MAX.firmware - 10, 2) },
    );
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    // The whole body is announced; a bit more than half of it is sent before the line drops.
    socket.write(
      `POST ${UPLOAD} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${engineer}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, Math.floor(body.length * 0.6)));
    await expect.poll(async () => (await filesOnDisk()).temporary.length).toBe(1);
    socket.destroy();
    await expect.poll(async () => (await filesOnDisk()).temporary).toEqual([]);
    expect(await written()).toEqual(before);
  });

  it("answers 401 without a session and 403 to a Distributor Cloud session, writing nothing", async () => {
    const before = await written();
    const anonymous = await upload({ kind: "firmware", version: "7.0.0" }, { name: "a.bin", content: bytes(5) }, null);
    expect(anonymous.status).toBe(401);
    const wrongModule = await upload(
      { kind: "firmware", version: "7.0.0" },
      { name: "a.bin", content: bytes(5) },
      distributorCloud,
    );
    expect(wrongModule.status).toBe(403);
    expect(await written()).toEqual(before);
  });
});

describe("the package list", () => {
  it("pages the organisation's packages newest first, by kind and by version or file name", async () => {
    const all = await t.get<Page<Package>>(LIST, { pageNum: 1, pageSize: 3 }, engineer);
    expect(all.body.errorCode).toBe(0);
    const everything = await t.get<Page<Package>>(LIST, { pageNum: 1, pageSize: 100 }, engineer);
    expect(all.body.data.total).toBe(everything.body.data.total);
    expect(all.body.data.list).toEqual(everything.body.data.list.slice(0, 3));
    const times = everything.body.data.list.map((p) => p.importedAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The other organisation's firmware 2.1.0 is not among them.
    expect(everything.body.data.list.filter((p) => p.fileName === "theirs.bin")).toEqual([]);

    const firmware = await t.get<Page<Package>>(LIST, { kind: "firmware" }, engineer);
    expect(firmware.body.data.list.every((p) => p.kind === "firmware")).toBe(true);
    expect(firmware.body.data.list.length).toBeGreaterThan(0);

    const byVersion = await t.get<Page<Package>>(LIST, { keyword: "2.1" }, engineer);
    expect(byVersion.body.data.list.map((p) => p.fileName).sort()).toEqual(["checker-2.1.0.bin", "tool.zip"]);
    const byName = await t.get<Page<Package>>(LIST, { keyword: "服务" }, engineer);
    expect(byName.body.data.list.map((p) => p.version)).toEqual(["3.0.0"]);
    // The user's own % is a character, not a wildcard.
    const literal = await t.get<Page<Package>>(LIST, { keyword: "%" }, engineer);
    expect(literal.body.data.total).toBe(0);
  });

  it("refuses a bad kind with 400, and answers 401 and 403 like every call of the module", async () => {
    expect((await t.get(LIST, { kind: "driver" }, engineer)).status).toBe(400);
    expect((await t.get(LIST, {}, undefined)).status).toBe(401);
    expect((await t.get(LIST, {}, distributorCloud)).status).toBe(403);
  });

  it("tells the upload form each kind's largest file", async () => {
    const res = await t.get<{ maxBytes: { pc: number; firmware: number } }>(RULES, {}, engineer);
    expect(res.body.data).toEqual({ maxBytes: MAX });
    expect((await t.get(RULES, {}, distributorCloud)).status).toBe(403);
  });
});

describe("downloading a package", () => {
  it("streams the file with its original name and size", async () => {
    later();
    const content = bytes(900, 7);
    const pkg = await uploadOk("pc", "V4.0.1", "服务软件 v4.exe", content);
    const res = await download(pkg.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers["content-type"]).toBe("application/octet-stream");
    expect(res.headers["content-length"]).toBe("900");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent("服务软件 v4.exe")}`,
    );
  });

  it("answers 404 for another organisation's package, 400 for a bad id, 401 and 403", async () => {
    const theirs = (await t.get<Page<Package>>(LIST, { keyword: "theirs" }, foreigner)).body.data.list[0] as Package;
    expect((await download(theirs.id)).statusCode).toBe(404);
    expect((await download("not-a-uuid")).statusCode).toBe(400);
    expect((await download(theirs.id, null)).statusCode).toBe(401);
    expect((await download(theirs.id, distributorCloud)).statusCode).toBe(403);
    expect((await download(theirs.id, foreigner)).statusCode).toBe(200);
  });
});

describe("deleting a package", () => {
  it("removes the row and the file, but keeps a file another package still names", async () => {
    const shared = bytes(300, 11);
    const sha256 = createHash("sha256").update(shared).digest("hex");
    const first = await uploadOk("firmware", "6.0.0", "a.bin", shared);
    const second = await uploadOk("pc", "6.0.0", "a.zip", shared);
    const path = join(t.packagesDir, sha256.slice(0, 2), sha256);

    const res = await t.post(DELETE, { id: first.id }, engineer);
    expect(res.body.errorCode).toBe(0);
    expect(existsSync(path)).toBe(true);
    expect((await download(second.id)).statusCode).toBe(200);

    await t.post(DELETE, { id: second.id }, engineer);
    expect(existsSync(path)).toBe(false);
    expect((await download(second.id)).statusCode).toBe(404);
    expect((await t.post(DELETE, { id: second.id }, engineer)).status).toBe(404);
  });

  it("answers 404 for another organisation's package and leaves it, 400 for a bad id, 401 and 403", async () => {
    const theirs = (await t.get<Page<Package>>(LIST, { keyword: "theirs" }, foreigner)).body.data.list[0] as Package;
    const before = await written();
    const res = await t.post(DELETE, { id: theirs.id }, engineer);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe(Errors.notFound.errorCode);
    expect((await t.post(DELETE, { id: "x" }, engineer)).status).toBe(400);
    expect((await t.post(DELETE, { id: theirs.id })).status).toBe(401);
    expect((await t.post(DELETE, { id: theirs.id }, distributorCloud)).status).toBe(403);
    expect(await written()).toEqual(before);
  });

  it("keeps the file when an upload of the same bytes and a delete of its twin run at once", async () => {
    const content = bytes(256, 21);
    const sha256 = createHash("sha256").update(content).digest("hex");
    const path = join(t.packagesDir, sha256.slice(0, 2), sha256);
    for (let round = 0; round < 5; round += 1) {
      const old = await uploadOk("firmware", `11.${round}.0`, "twin.bin", content);
      const [deleted, uploaded] = await Promise.all([
        t.post(DELETE, { id: old.id }, engineer),
        upload({ kind: "firmware", version: `12.${round}.0` }, { name: "twin.bin", content }),
      ]);
      expect(deleted.body.errorCode).toBe(0);
      expect(uploaded.body.errorCode).toBe(0);
      expect(existsSync(path)).toBe(true);
      await t.post(DELETE, { id: uploaded.body.data.id }, engineer);
      expect(existsSync(path)).toBe(false);
    }
  });
});
