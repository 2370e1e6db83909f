import { z } from "zod";

/**
 * SPEC section 3's common request data, merged by the web client into every
 * non-public call. The server reads `accessToken` from it; the rest is accepted
 * and ignored by request schemas (zod objects drop unknown keys).
 */
export const ZCommonData = z.object({
  anonymousToken: z.string().optional(),
  accessToken: z.string().optional(),
  version: z.string().optional(),
  sign: z.string().optional(),
  timeStamp: z.union([z.string(), z.number()]).optional(),
  languageId: z.coerce.number().int().optional(),
  timezone: z.coerce.number().optional(),
  randStr: z.string().optional(),
  userSign: z.union([z.string(), z.number()]).optional(),
});
export type TCommonData = z.infer<typeof ZCommonData>;

export const ZPageRequest = z.object({
  // Capped so that (pageNum - 1) * pageSize stays a valid SQL offset.
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  sort: z.string().max(64).optional(),
  order: z.enum(["ascend", "descend"]).optional(),
});

export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export const ZEmpty = z.null();
