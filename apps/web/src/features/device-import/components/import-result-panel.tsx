import { CheckCircleOutlined, CloseCircleOutlined, DownloadOutlined, MinusCircleOutlined } from "@ant-design/icons";
import type { TImportReason } from "@vrf/contract/device-import/rows.ts";
import { Alert, Button, Card, Col, Result, Row, Statistic, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { csvBlob } from "../../../lib/csv.ts";
import { credentialsCsv } from "../../../lib/device-credentials.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { saveFile } from "../../../lib/save-file.ts";
import type { CommitOutcome } from "../api/use-commit-import.ts";
import { reasonText } from "../utils/reason-text.ts";

/** Step 4: what the import did, with the rows that were refused when it ran. */
export function ImportResultPanel({
  fileName,
  total,
  outcome,
  onRestart,
}: {
  fileName: string;
  total: number;
  outcome: CommitOutcome;
  onRestart: () => void;
}) {
  const { t } = useTranslation(["deviceImport", "errors", "common"]);
  const navigate = useNavigate();
  const { totals, stopped, error } = outcome;
  const notProcessed = total - totals.done;
  const [status, title] = error
    ? (["error", t("result.failed")] as const)
    : stopped
      ? (["warning", t("result.stopped")] as const)
      : totals.failed.length > 0
        ? (["warning", t("result.partial")] as const)
        : (["success", t("result.success")] as const);

  return (
    <Result
      status={status}
      title={title}
      subTitle={t("result.subtitle", {
        file: fileName,
        done: totals.done.toLocaleString(),
        total: total.toLocaleString(),
      })}
      extra={[
        <Button key="another" type="primary" onClick={onRestart}>
          {t("result.another")}
        </Button>,
        <Button key="devices" onClick={() => navigate("/equipmentCenter/HiMit")}>
          {t("result.viewDevices")}
        </Button>,
      ]}
    >
      <Row gutter={[12, 12]}>
        {(
          [
            ["imported", totals.imported, "#389e0d", <CheckCircleOutlined key="i" />],
            ["skipped", totals.skipped, "#8c8c8c", <MinusCircleOutlined key="s" />],
            ["failedRows", totals.failed.length, "#cf1322", <CloseCircleOutlined key="f" />],
          ] as const
        ).map(([key, value, color, icon]) => (
          <Col key={key} xs={24} sm={8}>
            <Card size="small">
              <Statistic title={t(`result.${key}`)} value={value} prefix={icon} styles={{ content: { color } }} />
            </Card>
          </Col>
        ))}
      </Row>
      {totals.credentials.length > 0 ? (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          title={t("common:deviceCredentials.title")}
          description={t("common:deviceCredentials.once")}
          action={
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                saveFile(
                  csvBlob(
                    credentialsCsv(totals.credentials, {
                      username: t("common:deviceCredentials.username"),
                      password: t("common:deviceCredentials.password"),
                      issuedAt: t("common:deviceCredentials.issuedAt"),
                    }),
                  ),
                  t("common:deviceCredentials.fileName"),
                )
              }
            >
              {t("common:deviceCredentials.download")}
            </Button>
          }
        />
      ) : null}
      {error ? <Alert style={{ marginTop: 16 }} type="error" showIcon title={errorMessage(t, error)} /> : null}
      {notProcessed > 0 ? (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          title={t("result.notProcessed", { count: notProcessed })}
        />
      ) : null}
      {totals.failed.length > 0 ? (
        <>
          <Typography.Title level={5}>{t("result.failedTitle")}</Typography.Title>
          <Table<{ row: number; reasons: TImportReason[] }>
            rowKey="row"
            size="small"
            // The check's problem rows come first, then those refused at import: in file order here.
            dataSource={[...totals.failed].sort((a, b) => a.row - b.row)}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { key: "row", title: t("columns.row"), dataIndex: "row", width: 80 },
              {
                key: "reasons",
                title: t("columns.reasons"),
                render: (_, row) => row.reasons.map((r) => reasonText(t, r)).join(" "),
              },
            ]}
          />
        </>
      ) : null}
    </Result>
  );
}
