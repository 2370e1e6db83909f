import { z } from "zod";
import { THEME_COLOR } from "../constants.ts";
import { defineEndpoint } from "../endpoint.ts";
import { ZText } from "../rules.ts";

/** SPEC section 3 "Settings": the UI sizes a user may pick ("medium" is antd's "middle"). */
export const UI_SIZES = ["small", "medium"] as const;
export type UiSize = (typeof UI_SIZES)[number];

/** `#RRGGBB`, kept upper-case so the same colour is stored and compared one way. */
export const ZHexColour = ZText(7, { trim: false })
  .regex(/^#[0-9A-Fa-f]{6}$/, { message: "hexColour" })
  .toUpperCase();

/**
 * What the settings panel remembers per account (SPEC section 3): theme colour, UI size,
 * tags view, fixed header and sidebar logo. Every field is required and typed exactly (no
 * "true" for true), so a save replaces the whole set.
 */
export const ZUserSettings = z.object({
  themeColor: ZHexColour,
  size: z.enum(UI_SIZES),
  tagsView: z.boolean(),
  fixedHeader: z.boolean(),
  sidebarLogo: z.boolean(),
});
export type TUserSettings = z.output<typeof ZUserSettings>;

/**
 * SPEC section 9: theme #2BC6C2, tags view on, fixed header off, size small. SPEC also lists the
 * sidebar logo as off; it stays on here, as the portal has always shown it: the logo names the
 * module the user is in (SPEC section 2: "Distributor Cloud", "HI-CHECKER") and nothing else does
 * (decision 0010).
 */
export const DEFAULT_USER_SETTINGS: Readonly<TUserSettings> = Object.freeze({
  themeColor: THEME_COLOR,
  size: "small",
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
});

/** The caller's settings; the defaults until the account saved its own. */
export const getUserSettings = defineEndpoint({
  method: "GET",
  path: "/hmt-web/account/get_user_settings",
  request: z.object({}),
  response: ZUserSettings,
});

export const updateUserSettings = defineEndpoint({
  method: "POST",
  path: "/hmt-web/account/update_user_settings",
  request: ZUserSettings,
  response: ZUserSettings,
});
