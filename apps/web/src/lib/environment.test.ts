import { describe, expect, it } from "vitest";
import { environmentOf } from "./environment.ts";

describe("environmentOf", () => {
  it("calls an origin with localhost or test a test installation", () => {
    expect(environmentOf("http://localhost:8080")).toBe("test");
    expect(environmentOf("https://portal.test.example.com")).toBe("test");
    expect(environmentOf("https://vrf-test.example.com")).toBe("test");
  });

  it("calls every other origin production", () => {
    expect(environmentOf("https://cloud.example.com")).toBe("prod");
    expect(environmentOf("http://127.0.0.1:8080")).toBe("prod");
  });
});
