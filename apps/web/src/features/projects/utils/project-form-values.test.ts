import { describe, expect, it } from "vitest";
import { emptyProjectValues, hasUnsavedChanges, toProjectRequest } from "./project-form-values.ts";

describe("project form values", () => {
  it("sends trimmed text, empty region codes and rounded coordinates", () => {
    expect(
      toProjectRequest({
        ...emptyProjectValues(),
        name: "  Tower ",
        contactPerson: "Li",
        contactPhone: " +86 1234567 ",
        cityCode: "CN-QD",
        latitude: 36.123456789,
        longitude: 120.1,
      }),
    ).toEqual({
      name: "Tower",
      contactPerson: "Li",
      contactPhone: "+86 1234567",
      countryCode: "",
      cityCode: "",
      address: "",
      latitude: 36.123457,
      longitude: 120.1,
    });
  });

  it("counts only real changes as unsaved", () => {
    const initial = { ...emptyProjectValues(), name: "Tower", latitude: 1.5, longitude: 2 };
    expect(hasUnsavedChanges(initial, { name: "Tower " })).toBe(false);
    expect(hasUnsavedChanges(initial, { latitude: 1.5000000001 })).toBe(false);
    expect(hasUnsavedChanges(initial, { name: "Tower 2" })).toBe(true);
    expect(hasUnsavedChanges(initial, { latitude: null, longitude: null })).toBe(true);
  });
});
