import { DownloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { messageApi } from "../../../lib/feedback.ts";

/** Downloads the list as it is filtered and sorted now; says so when it fails. */
export function ExportButton({ pending, onExport }: { pending: boolean; onExport: () => Promise<unknown> }) {
  const { t } = useTranslation("devices");
  const errorText = useErrorText();
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={pending}
      disabled={pending}
      onClick={() =>
        onExport().catch((error: unknown) => {
          void messageApi().error(`${t("list.exportFailed")}: ${errorText(error)}`);
        })
      }
    >
      {t("list.export")}
    </Button>
  );
}
