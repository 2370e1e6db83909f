import { brotliDecompressSync, gunzipSync } from "node:zlib";
import ExcelJS from "exceljs";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import { createWebDist, type WebDist } from "./helpers/web-dist.ts";

let t: TestApp;
let web: WebDist;
let distributor: string;

beforeAll(async () => {
  web = await createWebDist();
  t = await createTestApp({ webDist: web.root });
  distributor = await t.moduleToken("distributor@example.com", 2);
});
afterAll(async () => {
  await t.close();
  await web.remove();
});

/** The body as the client reads it after undoing the Content-Encoding it was sent with. */
const decoded = (res: LightMyRequestResponse): Buffer => {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.rawPayload);
  if (encoding === "gzip") return gunzipSync(res.rawPayload);
  expect(encoding ?? "identity").toBe("identity");
  return res.rawPayload;
};

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

const IMMUTABLE = "public, max-age=31536000, immutable";

describe("the web app's files", () => {
  it("sends a hashed asset precompressed with brotli when the client takes br, cached for a year", async () => {
    const res = await get(web.scriptPath, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toBeTruthy();
    // The file written at build time, not one compressed again on the way out.
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(web.script.length / 4);
    expect(decoded(res).toString()).toBe(web.script);
  });

  it("sends the gzip file to a client that takes only gzip, and the plain file to one that takes neither", async () => {
    const gzip = await get(web.scriptPath, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["cache-control"]).toBe(IMMUTABLE);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(gzip).toString()).toBe(web.script);

    const plain = await get(web.scriptPath);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
    // A shared cache must not hand this copy to a client that takes br, nor the other way round.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(web.script);

    const css = await get(web.cssPath, { "accept-encoding": "br" });
    expect(css.headers["content-encoding"]).toBe("br");
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
  });

  it("sends a file with no compressed copy (an image) as it is, still immutable", async () => {
    const res = await get(web.imagePath, { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("has browsers revalidate index.html on every use: at /, by name and as the fallback for pages", async () => {
    for (const url of ["/", "/index.html", "/some/page"]) {
      const res = await get(url, { accept: "text/html", "accept-encoding": "br, gzip" });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(res).toString(), url).toBe(web.indexHtml);
    }
  });

  it("answers 304 to a revalidation with the ETag of the copy the client holds", async () => {
    for (const [url, encoding] of [
      [web.scriptPath, "br"],
      [web.scriptPath, "gzip"],
      ["/", "br"],
      ["/index.html", "identity"],
    ] as const) {
      const first = await get(url, { accept: "text/html", "accept-encoding": encoding });
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await get(url, { accept: "text/html", "accept-encoding": encoding, "if-none-match": etag });
      expect(again.statusCode, `${url} ${encoding}`).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers["cache-control"]).toBe(first.headers["cache-control"]);
    }
    // The brotli and the gzip copy are different representations, so their tags differ.
    const br = await get(web.scriptPath, { "accept-encoding": "br" });
    const gzip = await get(web.scriptPath, { "accept-encoding": "gzip" });
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const stale = await get(web.scriptPath, { "accept-encoding": "gzip", "if-none-match": br.headers.etag as string });
    expect(stale.statusCode).toBe(200);
  });

  it("still answers an unknown API path with the JSON envelope, not the app shell", async () => {
    const res = await get("/hmt-web/no-such-endpoint", { accept: "text/html", "accept-encoding": "br" });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(decoded(res).toString())).toMatchObject({ code: 404 });
  });
});

describe("API answers", () => {
  const list = (headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/hmt-web/distributor/project/list",
      payload: { pageNum: 1, pageSize: 100 },
      headers: { authorization: `Bearer ${distributor}`, ...headers },
    });

  it("compresses a large JSON answer with what the client accepts (brotli first)", async () => {
    const plain = await list({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();
    expect(expected).toMatchObject({ errorCode: 0 });

    const br = await list({ "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decoded(br).toString())).toEqual(expected);

    const gzip = await list({ "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(gzip).toString())).toEqual(expected);
  });

  it("leaves a small answer uncompressed", async () => {
    const res = await get("/healthz", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toMatchObject({ data: { status: "ok" } });
  });

  it("still delivers an xlsx export intact to a client that accepts compression", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/hmt-web/distributor/project/export",
      payload: {},
      headers: { authorization: `Bearer ${distributor}`, "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain(".xlsx");
    const file = decoded(res);
    // An xlsx is a zip already: what arrives is that zip, and it opens.
    expect(file.subarray(0, 2).toString()).toBe("PK");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBeGreaterThan(1);
  });
});
