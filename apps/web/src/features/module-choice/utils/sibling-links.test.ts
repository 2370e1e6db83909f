import { describe, expect, it } from "vitest";
import { parseSiblingLinks } from "./sibling-links.ts";

describe("parseSiblingLinks", () => {
  it("is empty when nothing is configured", () => {
    expect(parseSiblingLinks(undefined)).toEqual([]);
    expect(parseSiblingLinks("  ")).toEqual([]);
  });

  it("reads the configured systems in a fixed order", () => {
    const raw = JSON.stringify({
      checker: "https://checker.example.com/",
      largeBuilding: "https://building.example.com",
    });
    expect(parseSiblingLinks(raw)).toEqual([
      { system: "largeBuilding", url: "https://building.example.com" },
      { system: "checker", url: "https://checker.example.com/" },
    ]);
  });

  it("leaves out unknown systems, non-http URLs and broken JSON", () => {
    const raw = JSON.stringify({
      cloud: "javascript:alert(1)",
      touchController: "ftp://x",
      weather: "https://w.example.com",
    });
    expect(parseSiblingLinks(raw)).toEqual([]);
    expect(parseSiblingLinks("{oops")).toEqual([]);
    expect(parseSiblingLinks("[1,2]")).toEqual([]);
  });
});
