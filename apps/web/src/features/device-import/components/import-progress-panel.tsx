import { Button, Flex, Progress, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { type ImportTotals, percentOf } from "../utils/import-chunks.ts";

/** Step 3: rows answered by the server so far (measured per chunk, not estimated). */
export function ImportProgressPanel({
  totals,
  total,
  stopping,
  onStop,
}: {
  totals: ImportTotals;
  total: number;
  stopping: boolean;
  onStop: () => void;
}) {
  const { t } = useTranslation("deviceImport");
  const { done } = totals;
  return (
    <Flex vertical align="center" gap={16} className="device-import-progress">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t("progress.title")}
      </Typography.Title>
      <Progress
        type="circle"
        percent={percentOf(done, total)}
        strokeColor={{ "0%": "#2BC6C2", "100%": "#13a8a8" }}
        aria-label={t("progress.text", { done, total })}
      />
      <Typography.Text strong aria-live="polite">
        {t("progress.text", { done: done.toLocaleString(), total: total.toLocaleString() })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t("progress.counts", { imported: totals.imported, skipped: totals.skipped, failed: totals.failed.length })}
      </Typography.Text>
      <Typography.Text type="secondary">{stopping ? t("progress.stopping") : t("progress.keepOpen")}</Typography.Text>
      <Button danger onClick={onStop} disabled={stopping}>
        {t("progress.stop")}
      </Button>
    </Flex>
  );
}
