import Fastify from "fastify";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { registerSecurityHeaders, securityHeadersOf } from "./security-headers.ts";

const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], connectSrc: ["'self'"] } } };

/** What Helmet writes on a real Node response, for comparison. */
const helmetOnAServer = async () => {
  const app = Fastify();
  app.get("/", (request, reply) => {
    helmet(options)(request.raw, reply.raw, () => {});
    reply.send("ok");
  });
  const res = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return res.headers;
};

describe("security headers", () => {
  it("are the headers Helmet itself writes", async () => {
    const written = await helmetOnAServer();
    const ours = securityHeadersOf(options);
    expect(Object.keys(ours).length).toBeGreaterThan(8);
    for (const [name, value] of Object.entries(ours)) expect(written[name], name).toBe(value);
    expect(ours["content-security-policy"]).toContain("connect-src 'self'");
  });

  it("go with answers, errors and unknown routes alike", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get("/ok", async () => ({ ok: true }));
    app.get("/fails", async () => {
      throw new Error("boom");
    });
    for (const url of ["/ok", "/fails", "/missing"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
    }
    await app.close();
  });
});
