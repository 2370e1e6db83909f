import { describe, expect, it } from "vitest";
import { journeyPercent, stepIndexOf } from "./journey-steps.ts";

describe("stepIndexOf", () => {
  it("places each registration page on its step", () => {
    expect(stepIndexOf("registration", "/register")).toBe(0);
    expect(stepIndexOf("registration", "/checkEmail")).toBe(1);
    expect(stepIndexOf("registration", "/setupPwd")).toBe(2);
    expect(stepIndexOf("registration", "/licence")).toBe(3);
    expect(stepIndexOf("registration", "/userProfile")).toBe(4);
  });

  it("counts the success page as every step done", () => {
    expect(stepIndexOf("registration", "/success")).toBe(5);
  });

  it("places the reset pages", () => {
    expect(stepIndexOf("reset", "/forget")).toBe(0);
    expect(stepIndexOf("reset", "/newPassword")).toBe(1);
    expect(stepIndexOf("reset", "/resetSuccess")).toBe(2);
  });
});

describe("journeyPercent", () => {
  it("grows to 100 at the last step and stays there", () => {
    expect(journeyPercent("registration", "/register")).toBe(20);
    expect(journeyPercent("registration", "/userProfile")).toBe(100);
    expect(journeyPercent("registration", "/success")).toBe(100);
    expect(journeyPercent("reset", "/newPassword")).toBe(67);
  });
});
