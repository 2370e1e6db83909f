import { describe, expect, it } from "vitest";
import { countryName, fullName, initialsOf, languageName, streetLine } from "./profile-display.ts";

describe("profile display", () => {
  it("names a stored country code, and keeps free text", () => {
    const regions = [{ code: "DE", name: "Germany" }];
    expect(countryName("DE", regions)).toBe("Germany");
    expect(countryName("Atlantis", regions)).toBe("Atlantis");
    expect(countryName("DE", undefined)).toBe("DE");
  });

  it("names the language", () => {
    expect(languageName(0)).toBe("中文");
    expect(languageName(1)).toBe("English");
  });

  it("orders names by convention", () => {
    expect(fullName("Anna", "Schmidt", "en")).toBe("Anna Schmidt");
    expect(fullName("Anna", "Schmidt", "zh")).toBe("Anna Schmidt");
    expect(fullName("小明", "王", "zh")).toBe("王小明");
    expect(fullName("Anna", "", "en")).toBe("Anna");
  });

  it("makes initials, falling back to the e-mail", () => {
    expect(initialsOf("anna", "schmidt", "a@b.co")).toBe("AS");
    expect(initialsOf("", "", "max@b.co")).toBe("M");
  });

  it("joins street and house number", () => {
    expect(streetLine("Hauptstraße", "12a")).toBe("Hauptstraße 12a");
    expect(streetLine("", "12a")).toBe("12a");
  });
});
