import { ZContactPhone, ZProjectName } from "@vrf/contract/projects/project-fields.ts";
import { describe, expect, it } from "vitest";
import { contractRule } from "./form-rules.ts";

const check = async (rule: ReturnType<typeof contractRule>, value: unknown) => {
  const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
  try {
    await validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("project form rules", () => {
  const t = (key: string) => key;
  it("names the contract's reason", async () => {
    expect(await check(contractRule(ZContactPhone, t), "12ab")).toBe("validation.illegalPhone");
    expect(await check(contractRule(ZContactPhone, t), "+86 532 8888 6666")).toBeNull();
    // Emptiness is the `required` rule's to report, once.
    expect(await check(contractRule(ZProjectName, t), "  ")).toBeNull();
    expect(await check(contractRule(ZProjectName, t), "Tower <b>")).toBe("validation.specialCharacters");
    expect(await check(contractRule(ZProjectName, t), "Tower A (North) #2")).toBeNull();
  });
});
