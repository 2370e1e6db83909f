import type { FormRule } from "antd";
import type { z } from "zod";

/**
 * A form rule from a contract field schema, so the form refuses exactly what the server
 * would; the schema's issue message names the text under `validation.`.
 */
export const contractRule = (schema: z.ZodType, t: (key: string) => string): FormRule => ({
  validator: (_, value: unknown) => {
    const result = schema.safeParse(value ?? "");
    if (result.success) return Promise.resolve();
    return Promise.reject(new Error(t(`validation.${result.error.issues[0]?.message ?? "invalid"}`)));
  },
});
