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

  it("reads the README's example, and the same links written as a list of { key, url }", () => {
    const readme = '{"largeBuilding":"https://building.example.com","checker":"https://checker.example.com"}';
    const expected = [
      { system: "largeBuilding", url: "https://building.example.com" },
      { system: "checker", url: "https://checker.example.com" },
    ];
    expect(parseSiblingLinks(readme)).toEqual(expected);
    const list = JSON.stringify([
      { key: "checker", url: "https://checker.example.com" },
      { key: "largeBuilding", url: "https://building.example.com" },
    ]);
    expect(parseSiblingLinks(list)).toEqual(expected);
  });

  it("leaves out list entries without a known key or an http URL", () => {
    const list = JSON.stringify([
      { key: "cloud", url: "javascript:alert(1)" },
      { url: "https://nokey.example.com" },
      { key: "weather", url: "https://w.example.com" },
      "https://plain.example.com",
      null,
      { key: "touchController", url: "http://touch.example.com" },
    ]);
    expect(parseSiblingLinks(list)).toEqual([{ system: "touchController", url: "http://touch.example.com" }]);
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
    expect(parseSiblingLinks('"https://a.example.com"')).toEqual([]);
  });
});
