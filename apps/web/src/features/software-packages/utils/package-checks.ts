import {
  PACKAGE_FILE_TYPES,
  PACKAGE_VERSION_MAX,
  PACKAGE_VERSION_PATTERN,
  packageFileTypeAllowed,
  type TPackageKind,
} from "@vrf/contract/hi-checker/software-packages.ts";

/** Why a chosen file cannot be uploaded as a package of `kind`, before it is sent: a key of `softwarePackages:upload.problems`. */
export type FileProblem = "type" | "empty" | "tooLarge";

/** The server's own rules (contract hi-checker/software-packages.ts), checked here to spare a doomed upload. */
export const fileProblem = (
  kind: TPackageKind,
  file: { name: string; size: number },
  maxBytes: number | undefined,
): FileProblem | null => {
  if (!packageFileTypeAllowed(kind, file.name)) return "type";
  if (file.size === 0) return "empty";
  if (maxBytes !== undefined && file.size > maxBytes) return "tooLarge";
  return null;
};

export const versionValid = (version: string): boolean => {
  const trimmed = version.trim();
  return trimmed.length <= PACKAGE_VERSION_MAX && PACKAGE_VERSION_PATTERN.test(trimmed);
};

/** The file picker's `accept`: the kind's endings. */
export const acceptOf = (kind: TPackageKind): string => PACKAGE_FILE_TYPES[kind].join(",");

/** The kind's endings as the form lists them: ".zip .exe .msi .7z". */
export const fileTypesText = (kind: TPackageKind): string => PACKAGE_FILE_TYPES[kind].join(" ");

const UNITS = ["B", "KB", "MB", "GB"] as const;

/** A size in binary units, one decimal from KB up: 512 B, 1.5 KB, 32 MB. */
export const sizeText = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${UNITS[unit]}`;
};
