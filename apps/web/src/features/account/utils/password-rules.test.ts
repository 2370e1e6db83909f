import { describe, expect, it } from "vitest";
import { confirmationProblem, newPasswordProblem, passwordChecklist } from "./password-rules.ts";

describe("newPasswordProblem", () => {
  it("follows SPEC section 5: 6 to 20, no Chinese, differs from the old one", () => {
    expect(newPasswordProblem("", "old-pass")).toBe("required");
    expect(newPasswordProblem("abc", "old-pass")).toBe("length");
    expect(newPasswordProblem("a".repeat(21), "old-pass")).toBe("length");
    expect(newPasswordProblem("新密码abc123", "old-pass")).toBe("format");
    expect(newPasswordProblem("new pass", "old-pass")).toBe("format");
    expect(newPasswordProblem("old-pass", "old-pass")).toBe("same");
    expect(newPasswordProblem("new-pass", "old-pass")).toBeNull();
  });

  it("does not call a password the same while the old one is still empty", () => {
    expect(newPasswordProblem("new-pass", "")).toBeNull();
  });
});

describe("confirmationProblem", () => {
  it("must repeat the new password exactly", () => {
    expect(confirmationProblem("", "new-pass")).toBe("required");
    expect(confirmationProblem("new-pas", "new-pass")).toBe("mismatch");
    expect(confirmationProblem("new-pass", "new-pass")).toBeNull();
  });
});

describe("passwordChecklist", () => {
  const met = (value: string, old: string) =>
    Object.fromEntries(passwordChecklist(value, old).map((h) => [h.key, h.met]));

  it("ticks every rule for a good new password", () => {
    expect(met("new-pass1", "old-pass")).toEqual({ length: true, noChinese: true, noSpaces: true, differs: true });
  });

  it("flags each broken rule on its own", () => {
    expect(met("old-pass", "old-pass").differs).toBe(false);
    expect(met("密码abcdef", "x").noChinese).toBe(false);
    expect(met("abc def", "x").noSpaces).toBe(false);
    expect(met("abc", "x").length).toBe(false);
  });
});
