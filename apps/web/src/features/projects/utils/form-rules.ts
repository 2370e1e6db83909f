import type { FormRule } from "antd";
import type { z } from "zod";

/**
 * A form rule from a contract field schema, so the form refuses exactly what the server
 * would; the schema's issue message names the text under `validation.`. An empty value is
 * left to the field's `required` rule, so a missing value is reported once.
 */
export const contractRule = (schema: z.ZodType, t: (key: string) => string): FormRule => ({
  validator: (_, value: unknown) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      return Promise.resolve();
    }
    const result = schema.safeParse(value);
    if (result.success) return Promise.resolve();
    return Promise.reject(new Error(t(`validation.${result.error.issues[0]?.message ?? "invalid"}`)));
  },
});
