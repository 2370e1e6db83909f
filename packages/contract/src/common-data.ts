import { z } from "zod";
import { TOKEN_MAX, ZText } from "./rules.ts";

/**
 * SPEC section 3's common request data, merged by the web client into every
 * non-public call. The server reads `accessToken` from it; the rest is accepted
 * and ignored by request schemas (zod objects drop unknown keys).
 */
export const ZCommonData = z.object({
  anonymousToken: ZText(TOKEN_MAX).optional(),
  accessToken: ZText(TOKEN_MAX).optional(),
  version: ZText(32).optional(),
  sign: ZText(256).optional(),
  timeStamp: z.union([ZText(32), z.number()]).optional(),
  languageId: z.coerce.number().int().optional(),
  timezone: z.coerce.number().optional(),
  randStr: ZText(64).optional(),
  userSign: z.union([ZText(64), z.number()]).optional(),
});
export type TCommonData = z.infer<typeof ZCommonData>;

export const ZPageRequest = z.object({
  // Capped so that (pageNum - 1) * pageSize stays a valid SQL offset.
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  sort: ZText(64).optional(),
  order: z.enum(["ascend", "descend"]).optional(),
});

export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export const ZEmpty = z.null();
