import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { ZDevicePageRequest, ZOptionalText } from "../devices/common.ts";
import { defineEndpoint } from "../endpoint.ts";
import { TEXT_CHECKS } from "../rules.ts";

/**
 * Software packages (SPEC: "PC software package: version, file name, import time, importer"): the
 * PC service software engineers install on their laptops, and the checkers' firmware. A package
 * belongs to the organisation of whoever imported it; its bytes are kept on the server's disk.
 */
export const PACKAGE_KINDS = ["pc", "firmware"] as const;
export const ZPackageKind = z.enum(PACKAGE_KINDS);
export type TPackageKind = z.output<typeof ZPackageKind>;

/** The file types each kind accepts, by the file name's ending (lower case). */
export const PACKAGE_FILE_TYPES: Readonly<Record<TPackageKind, readonly string[]>> = {
  pc: [".zip", ".exe", ".msi", ".7z"],
  firmware: [".bin", ".hex", ".img", ".zip"],
};

/** The largest file of each kind unless the server is configured otherwise (PACKAGE_MAX_*_MB). */
export const PACKAGE_MAX_BYTES_DEFAULT: Readonly<Record<TPackageKind, number>> = {
  pc: 500 * 1024 * 1024,
  firmware: 32 * 1024 * 1024,
};

export const PACKAGE_VERSION_MAX = 32;
export const PACKAGE_FILE_NAME_MAX = 200;

/**
 * A version: an optional "V", then two to four numbers of at most five digits separated by dots
 * ("1.2", "1.2.3", "V1.2.3.4"). "V1.2.3" and "1.2.3" are the same version (`versionKey`).
 */
export const PACKAGE_VERSION_PATTERN = /^[Vv]?\d{1,5}(\.\d{1,5}){1,3}$/;

/** What makes two versions the same: without the leading "V", lower case. */
export const versionKey = (version: string): string => version.trim().replace(/^[Vv]/, "").toLowerCase();

export const ZPackageVersion = z
  .string()
  .trim()
  .min(1, { message: "required" })
  .max(PACKAGE_VERSION_MAX, { message: "packageVersionFormat" })
  .regex(PACKAGE_VERSION_PATTERN, { message: "packageVersionFormat" });

/** The name a browser gives a file without the folders some send before it (old Edge: "C:\\…\\a.zip"). */
export const baseFileName = (name: string): string => name.split(/[\\/]/).pop()?.trim() ?? "";

/** Whether `fileName` has one of the endings `kind` accepts. */
export const packageFileTypeAllowed = (kind: TPackageKind, fileName: string): boolean => {
  const lower = fileName.toLowerCase();
  return PACKAGE_FILE_TYPES[kind].some((ending) => lower.endsWith(ending) && lower.length > ending.length);
};

export const ZSoftwarePackage = z.object({
  id: z.string(),
  kind: ZPackageKind,
  version: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  /** The importer's name; empty once their account is gone. */
  importedBy: z.string(),
  importedAt: z.string(),
});
export type TSoftwarePackage = z.output<typeof ZSoftwarePackage>;

/**
 * Imports a package: a multipart form with the fields `kind` and `version` first, then the file
 * (field `file`). The fields come first so the server refuses a bad version or file type before it
 * reads the file. Not a JSON endpoint: the web sends it with `upload()`.
 */
export const uploadSoftwarePackage = {
  method: "POST",
  path: "/hmt-web/himit-checker/software-packages/upload",
  fileField: "file",
  response: ZSoftwarePackage,
} as const;

export const ZPackageListRequest = ZDevicePageRequest.extend({
  kind: z.preprocess((v) => (v === "" ? undefined : v), ZPackageKind.optional()),
  /** Version or file name, contains. */
  keyword: ZOptionalText(64),
});
export type TPackageListRequest = z.input<typeof ZPackageListRequest>;

/** The caller's organisation's packages, newest first. */
export const listSoftwarePackages = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/software-packages/list",
  request: ZPackageListRequest,
  response: ZPage(ZSoftwarePackage),
});

const ZPackageRef = z.object({ id: z.uuid().max(36, { message: "tooLong" }).check(TEXT_CHECKS.line) });

/** The package's file, under its original name. */
export const downloadSoftwarePackage = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/software-packages/download",
  request: ZPackageRef,
  response: z.instanceof(Blob),
});

export const deleteSoftwarePackage = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/software-packages/delete",
  request: ZPackageRef,
  response: z.null(),
});

/** The largest file of each kind this server takes (its configuration), for the upload form's check. */
export const getSoftwarePackageRules = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/software-packages/rules",
  request: z.object({}),
  response: z.object({ maxBytes: z.object({ pc: z.number().int(), firmware: z.number().int() }) }),
});
