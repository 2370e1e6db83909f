import { API_VERSION, DEFAULT_TIMEZONE } from "@vrf/contract/constants.ts";

/**
 * Account-platform calls made before sign-in carry no common data (SPEC section 7).
 * Everything else gets SPEC section 3's common data merged in.
 */
const PUBLIC_PATH_PREFIXES = [
  "/account/acc/get_mailbox_code",
  "/account/acc/check_mailbox_code",
  "/account/acc/mailbox_regist",
  "/account/acc/login_pwd",
  "/account/acc/reset_pwd",
  "/hmt-web/basic/",
  "/hmt-web/account/get_pa_tos",
] as const;

export const isPublicCall = (path: string): boolean => PUBLIC_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));

export interface CommonDataSource {
  now: number;
  languageId: number;
  authorityNum: number | null;
  randStr: string;
}

export const commonData = (source: CommonDataSource): Record<string, string | number> => {
  const data: Record<string, string | number> = {
    version: API_VERSION,
    timeStamp: source.now,
    languageId: source.languageId,
    timezone: DEFAULT_TIMEZONE,
    randStr: source.randStr,
  };
  if (source.authorityNum !== null) data.userSign = source.authorityNum;
  return data;
};

/** Query string of a GET call: arrays repeat their key, objects travel as JSON, empty values are left out. */
export const toQueryString = (params: Record<string, unknown>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(key, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  return search.toString();
};

export interface BuiltRequest {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

/**
 * The token travels in the Authorization header, never in the common data: a
 * query string ends up in access logs and browser history. (The server still
 * accepts SPEC section 3's `accessToken` field from other clients.)
 */
export const buildRequest = (
  endpoint: { method: "GET" | "POST"; path: string },
  input: unknown,
  context: { language: string; common: Record<string, string | number>; token?: string | null },
): BuiltRequest => {
  const own = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const isPublic = isPublicCall(endpoint.path);
  // The caller's own fields win over common data (e.g. an explicit languageId).
  const payload = isPublic ? { ...own } : { ...context.common, ...own };
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": `zh_CN,${context.language}`,
  };
  if (!isPublic && context.token) headers.Authorization = `Bearer ${context.token}`;
  if (endpoint.method === "GET") {
    const query = toQueryString(payload);
    return { url: query ? `${endpoint.path}?${query}` : endpoint.path, method: "GET", headers };
  }
  headers["Content-Type"] = "application/json";
  return { url: endpoint.path, method: "POST", headers, body: JSON.stringify(payload) };
};
