import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { Errors } from "@vrf/contract/errors.ts";
import {
  baseFileName,
  PACKAGE_FILE_NAME_MAX,
  PACKAGE_MAX_BYTES_DEFAULT,
  packageFileTypeAllowed,
  type TPackageKind,
  type TSoftwarePackage,
  versionKey,
  ZPackageKind,
  type ZPackageListRequest,
  ZPackageVersion,
} from "@vrf/contract/hi-checker/software-packages.ts";
import { hasControlCharacters } from "@vrf/contract/rules.ts";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Download } from "../../plugins/download-route.ts";
import type { PackageStore } from "./package-store.ts";
import type { SoftwarePackageRepository, SoftwarePackageRow } from "./software-packages.repository.ts";

/** Who imports: the package is their organisation's. */
export interface Importer {
  accountId: number;
  organisationId: number;
}

/** The form's fields as they arrived, before the file. */
export interface PackageFields {
  kind?: string | undefined;
  version?: string | undefined;
}

/** A package checked before its file is read: the form's fields and the file's name. */
export interface CheckedUpload {
  kind: TPackageKind;
  version: string;
  fileName: string;
}

const toPackage = (row: SoftwarePackageRow): TSoftwarePackage => ({
  id: row.id,
  kind: row.kind,
  version: row.version,
  fileName: row.file_name,
  sizeBytes: Number(row.size_bytes),
  sha256: row.sha256,
  importedBy: row.imported_by_name ?? "",
  importedAt: row.imported_at.toISOString(),
});

const fieldError = (definition: (typeof Errors)[keyof typeof Errors], path: string) =>
  new AppError(definition, { fields: [{ path, message: definition.key }] });

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/**
 * Software packages: checked (kind, version, file type) before a byte of the file is read, the
 * file received into a temporary file while it is hashed and counted, then the row committed and
 * only then the file put in place (package-store.ts). Whatever goes wrong before that leaves no
 * row and no file.
 */
export const createSoftwarePackageService = (deps: {
  packages: SoftwarePackageRepository;
  store: PackageStore;
  clock: Clock;
  maxBytes?: Record<TPackageKind, number>;
}) => {
  const { packages, store, clock } = deps;
  const maxBytes = deps.maxBytes ?? PACKAGE_MAX_BYTES_DEFAULT;

  return {
    rules: () => ({ maxBytes: { ...maxBytes } }),

    async list(organisationId: number, input: z.output<typeof ZPackageListRequest>) {
      const { pageNum, pageSize, kind, keyword } = input;
      const { rows, total } = await packages.page(
        organisationId,
        { kind, keyword },
        pageSize,
        (pageNum - 1) * pageSize,
      );
      return { list: rows.map(toPackage), total, pageNum, pageSize };
    },

    /** The form's fields and the file's name, checked before the file is read. */
    async check(importer: Importer, fields: PackageFields, rawFileName: string): Promise<CheckedUpload> {
      if (fields.kind === undefined || fields.version === undefined) throw new AppError(Errors.packageFieldsFirst);
      const kind = ZPackageKind.safeParse(fields.kind);
      if (!kind.success) throw fieldError(Errors.parameterInvalid, "kind");
      const version = ZPackageVersion.safeParse(fields.version);
      if (!version.success) throw fieldError(Errors.packageVersionFormat, "version");
      const fileName = baseFileName(rawFileName);
      if (!fileName || fileName.length > PACKAGE_FILE_NAME_MAX || hasControlCharacters(fileName))
        throw fieldError(Errors.invalidFile, "file");
      if (!packageFileTypeAllowed(kind.data, fileName)) throw fieldError(Errors.packageFileType, "file");
      if (await packages.versionTaken(importer.organisationId, kind.data, versionKey(version.data)))
        throw fieldError(Errors.packageVersionTaken, "version");
      return { kind: kind.data, version: version.data, fileName };
    },

    /** Receives the file of a checked upload and keeps the package. */
    async receive(importer: Importer, upload: CheckedUpload, file: Readable): Promise<TSoftwarePackage> {
      const received = await store.receive(file, maxBytes[upload.kind]);
      const id = randomUUID();
      try {
        if (received.tooLarge) throw fieldError(Errors.packageTooLarge, "file");
        if (received.sizeBytes === 0) throw fieldError(Errors.packageFileEmpty, "file");
        await packages
          .insert({
            id,
            organisation_id: importer.organisationId,
            kind: upload.kind,
            version: upload.version,
            version_key: versionKey(upload.version),
            file_name: upload.fileName,
            size_bytes: received.sizeBytes,
            sha256: received.sha256,
            imported_by: importer.accountId,
            imported_at: clock.now(),
          })
          .catch((error: unknown) => {
            // Two uploads of one version at once: the index lets one in.
            throw isUniqueViolation(error) ? fieldError(Errors.packageVersionTaken, "version") : error;
          });
      } catch (error) {
        await store.discard(received);
        throw error;
      }
      try {
        await store.keep(received);
      } catch (error) {
        // The row is committed but its file is not in place: take the row back, so no package lacks its bytes.
        await packages.remove(id);
        await store.discard(received);
        throw error;
      }
      const row = await packages.find(importer.organisationId, id);
      if (!row) throw new AppError(Errors.notFound);
      return toPackage(row);
    },

    async download(organisationId: number, id: string): Promise<Download> {
      const row = await packages.find(organisationId, id);
      if (!row) throw new AppError(Errors.notFound);
      const file = await store.open(row.sha256);
      if (!file) throw new AppError(Errors.notFound);
      return {
        filename: row.file_name,
        contentType: "application/octet-stream",
        body: file.stream,
        length: file.sizeBytes,
      };
    },

    async delete(organisationId: number, id: string): Promise<null> {
      const deleted = await packages.delete(organisationId, id, (sha256) => store.remove(sha256));
      if (!deleted) throw new AppError(Errors.notFound);
      if (deleted === "inRollout") throw new AppError(Errors.packageInRollout);
      return null;
    },
  };
};

export type SoftwarePackageService = ReturnType<typeof createSoftwarePackageService>;
