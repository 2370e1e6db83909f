import { describe, expect, it } from "vitest";
import { acceptOf, fileProblem, sizeText, versionValid } from "./package-checks.ts";

describe("package checks before an upload", () => {
  it("takes two to four dotted numbers with an optional V", () => {
    for (const ok of ["1.2", "1.2.3", "V1.2.3", "v10.0.0.12", " 2.0.1 "]) expect(versionValid(ok), ok).toBe(true);
    for (const bad of ["", "1", "V", "1.2.3.4.5", "1.2.3-beta", "1..2", "version 1.2", "123456.1"])
      expect(versionValid(bad), bad).toBe(false);
  });

  it("checks the file's type by kind, then emptiness, then size", () => {
    expect(fileProblem("firmware", { name: "fw.BIN", size: 10 }, 100)).toBeNull();
    expect(fileProblem("firmware", { name: "setup.exe", size: 10 }, 100)).toBe("type");
    expect(fileProblem("pc", { name: "setup.exe", size: 10 }, 100)).toBeNull();
    expect(fileProblem("pc", { name: ".zip", size: 10 }, 100)).toBe("type");
    expect(fileProblem("pc", { name: "a.zip", size: 0 }, 100)).toBe("empty");
    expect(fileProblem("pc", { name: "a.zip", size: 101 }, 100)).toBe("tooLarge");
    expect(fileProblem("pc", { name: "a.zip", size: 101 }, undefined)).toBeNull();
  });

  it("offers the kind's endings to the file picker", () => {
    expect(acceptOf("firmware")).toBe(".bin,.hex,.img,.zip");
  });

  it("writes sizes in binary units", () => {
    expect(sizeText(512)).toBe("512 B");
    expect(sizeText(1536)).toBe("1.5 KB");
    expect(sizeText(32 * 1024 * 1024)).toBe("32 MB");
    expect(sizeText(500 * 1024 * 1024)).toBe("500 MB");
  });
});
