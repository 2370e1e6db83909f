import type { FormRule } from "antd";
import type { z } from "zod";

export type Translate = (key: string) => string;

/**
 * A form rule from a contract field schema, so the form refuses exactly what the server
 * would; the schema's issue message names the text under `validation.`. With `skipEmpty`,
 * an empty value is left to the field's `required` rule, so a missing value is reported once.
 */
export const contractRule = (schema: z.ZodType, t: Translate, options: { skipEmpty?: boolean } = {}): FormRule => ({
  validator: (_, value: unknown) => {
    const empty = value === undefined || value === null || (typeof value === "string" && value.trim() === "");
    if (options.skipEmpty && empty) return Promise.resolve();
    const result = schema.safeParse(value ?? "");
    if (result.success) return Promise.resolve();
    return Promise.reject(new Error(t(`validation.${result.error.issues[0]?.message ?? "invalid"}`)));
  },
});

/** The maximum length a contract string field accepts, for the input's own limit. */
export const maxLengthOf = (schema: z.ZodType): number | undefined => {
  const inner = "unwrap" in schema && typeof schema.unwrap === "function" ? schema.unwrap() : schema;
  const max = (inner as { maxLength?: number | null }).maxLength;
  return typeof max === "number" ? max : undefined;
};
