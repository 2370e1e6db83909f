import { IMPORT_MAX_ROWS, type TImportColumn } from "@vrf/contract/device-import/rows.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";
import { UploadError } from "../../../lib/upload.ts";
import { MAX_FILE_MB } from "../utils/local-file-check.ts";

/** Why the server refused the file, with what to do about it. */
export function UploadProblem({ fileName, error }: { fileName: string; error: unknown }) {
  const { t } = useTranslation(["deviceImport", "errors"]);
  const code = error instanceof UploadError ? error.errorCode : null;
  const detail = error instanceof UploadError ? (error.data as { missing?: TImportColumn[] } | null) : null;

  const hint = () => {
    switch (code) {
      case Errors.importColumnsMissing.errorCode: {
        const missing = detail?.missing ?? [];
        return missing.length > 0
          ? t("prepare.missingColumns", { columns: missing.map((c) => t(`columns.${c}`)).join(", ") })
          : t("prepare.missingColumns", { columns: "—" });
      }
      case Errors.importTooManyRows.errorCode:
        return t("prepare.tooManyRows", { rows: IMPORT_MAX_ROWS });
      case Errors.invalidFile.errorCode:
        return t("prepare.invalidFileHint");
      case Errors.emptyFile.errorCode:
        return t("prepare.emptyFileHint");
      case Errors.payloadTooLarge.errorCode:
        return t("prepare.tooLarge", { size: MAX_FILE_MB });
      default:
        return null;
    }
  };

  return (
    <Alert
      type="error"
      showIcon
      title={t("prepare.failedTitle", { name: fileName })}
      description={
        <>
          <div>{errorMessage(t, error)}</div>
          {hint() ? <div>{hint()}</div> : null}
        </>
      }
    />
  );
}
