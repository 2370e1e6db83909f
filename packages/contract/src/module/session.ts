import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { TOKEN_MAX, ZText } from "../rules.ts";

export const ZAuthorityNum = z.union([z.literal(2), z.literal(5)]);

export const moduleLogin = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/sys/login",
  request: z.object({ accessToken: ZText(TOKEN_MAX).min(1), authorityNum: z.coerce.number().pipe(ZAuthorityNum) }),
  response: z.object({ token: z.string() }),
});

export interface TMenuEntry {
  id: number;
  menuName: string;
  pid: number;
  url: string;
  icon: string | null;
  children: TMenuEntry[];
}
export const ZMenuEntry: z.ZodType<TMenuEntry> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    menuName: z.string(),
    pid: z.number().int(),
    url: z.string(),
    icon: z.string().nullable(),
    children: z.array(ZMenuEntry),
  }),
);

export const authority = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/sys/authority",
  request: z.object({}),
  response: z.object({
    customerId: z.string(),
    account: z.string(),
    name: z.string(),
    avatar: z.string(),
    roleNum: z.number().int(),
    authorityNum: ZAuthorityNum,
    roles: z.string(),
    rememberSelect: z.number().int(),
    languageId: z.number().int(),
    checkerMenuEntityList: z.array(ZMenuEntry),
  }),
});
export type TAuthorityResponse = z.output<typeof authority.response>;

/** rememberSelect 1: go straight to `selectMode` after sign-in; 2 (default): show the chooser. */
export const ZRemember = z.object({
  rememberSelect: z.union([z.literal(1), z.literal(2)]),
  selectMode: z.number().int().nullable(),
});

export const selectRemember = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/sys/select_remember",
  request: z.object({ customerId: ZText(32).min(1) }),
  response: ZRemember,
});

export const setSelectRemember = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/sys/select_remember",
  request: z.object({ rememberSelect: z.union([z.literal(1), z.literal(2)]), selectMode: ZAuthorityNum.nullable() }),
  response: ZRemember,
});
