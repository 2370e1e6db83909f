import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };

const root = new URL("./", import.meta.url);

/** Every leaf as [dotted key, text]. */
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );

const read = (language: string, file: string): Tree =>
  JSON.parse(readFileSync(new URL(`${language}/${file}`, root), "utf8")) as Tree;

const files = (language: string) =>
  readdirSync(new URL(`${language}/`, root))
    .filter((f) => f.endsWith(".json"))
    .sort();

describe("locale files", () => {
  it("exist as the same set of area files in zh and en", () => {
    expect(files("zh")).toEqual(files("en"));
  });

  for (const file of files("en")) {
    it(`${file}: zh and en have identical key sets and no empty texts`, () => {
      const zh = leaves(read("zh", file));
      const en = leaves(read("en", file));
      expect(zh.map(([key]) => key).sort()).toEqual(en.map(([key]) => key).sort());
      expect(zh.filter(([, text]) => text.trim() === "").map(([key]) => `zh:${key}`)).toEqual([]);
      expect(en.filter(([, text]) => text.trim() === "").map(([key]) => `en:${key}`)).toEqual([]);
    });
  }
});
