import { ZNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import { ZProfileInput } from "@vrf/contract/account/profile.ts";
import { ZContactPerson, ZContactPhone, ZProjectName } from "@vrf/contract/projects/project-fields.ts";
import type { FormRule } from "antd";
import { describe, expect, it } from "vitest";
import { contractRule, maxLengthOf } from "./contract-rule.ts";

const t = (key: string) => key;

const check = async (rule: FormRule, value: unknown) => {
  if (typeof rule === "function" || !rule.validator) throw new Error("not a validator rule");
  try {
    await rule.validator(rule as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("contractRule", () => {
  it("reports the contract's reason", async () => {
    expect(await check(contractRule(ZProfileInput.shape.surname, t), " ")).toBe("validation.required");
    expect(await check(contractRule(ZProfileInput.shape.city, t), "Zürich")).toBeNull();
    expect(await check(contractRule(ZProfileInput.shape.city, t), "Zürich$")).toBe("validation.specialCharacters");
    expect(await check(contractRule(ZProfileInput.shape.phone, t), "+49 30 1234567")).toBeNull();
    expect(await check(contractRule(ZNotificationSettings.shape.email, t), "")).toBeNull();
    expect(await check(contractRule(ZNotificationSettings.shape.email, t), "nope")).toBe("validation.emailFormat");
  });
});

describe("maxLengthOf", () => {
  it("reads plain and defaulted fields", () => {
    expect(maxLengthOf(ZProfileInput.shape.surname)).toBe(50);
    expect(maxLengthOf(ZProfileInput.shape.houseNumber)).toBe(20);
    expect(maxLengthOf(ZProfileInput.shape.languageId)).toBeUndefined();
  });
});

describe("contractRule with skipEmpty", () => {
  it("leaves an empty value to the required rule and still names the contract's reason", async () => {
    const skipEmpty = { skipEmpty: true };
    expect(await check(contractRule(ZContactPhone, t, skipEmpty), "12ab")).toBe("validation.illegalPhone");
    expect(await check(contractRule(ZContactPhone, t, skipEmpty), "+86 532 8888 6666")).toBeNull();
    expect(await check(contractRule(ZProjectName, t, skipEmpty), "  ")).toBeNull();
    expect(await check(contractRule(ZProjectName, t, skipEmpty), "Tower <b>")).toBe("validation.specialCharacters");
    expect(await check(contractRule(ZProjectName, t, skipEmpty), "Tower A (North) #2")).toBeNull();
  });

  it("lets the project form take the names the server takes", async () => {
    const skipEmpty = { skipEmpty: true };
    for (const name of ["Seán O'Brien", "Li Si (edited)", "张三", "José-María d'Ávila", "Renée O’Connor"]) {
      expect(await check(contractRule(ZContactPerson, t, skipEmpty), name)).toBeNull();
    }
    expect(await check(contractRule(ZContactPerson, t, skipEmpty), "<script>")).toBe("validation.nameCharacters");
    expect(await check(contractRule(ZContactPerson, t, skipEmpty), "x".repeat(51))).toBe("validation.tooLong");
  });
});
