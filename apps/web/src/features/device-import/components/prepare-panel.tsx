import { CloudUploadOutlined, DownloadOutlined, FileExcelOutlined } from "@ant-design/icons";
import type { TDryRunResult } from "@vrf/contract/device-import/dry-run.ts";
import { IMPORT_MAX_ROWS } from "@vrf/contract/device-import/rows.ts";
import { Alert, App, Button, Col, Flex, Progress, Row, Typography, Upload } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { UploadError } from "../../../lib/upload.ts";
import { useDownloadTemplate } from "../api/use-download-template.ts";
import { useDryRun } from "../api/use-dry-run.ts";
import { localFileProblem, MAX_FILE_MB } from "../utils/local-file-check.ts";
import { UploadProblem } from "./upload-problem.tsx";

/** Step 1: the template and what to know about it, then the file to check. */
export function PreparePanel({ onChecked }: { onChecked: (result: TDryRunResult) => void }) {
  const { t } = useTranslation(["deviceImport", "errors"]);
  const { message } = App.useApp();
  const template = useDownloadTemplate();
  const dryRun = useDryRun();
  const [fileName, setFileName] = useState("");
  const [uploaded, setUploaded] = useState(0);
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const rowsLimit = IMPORT_MAX_ROWS.toLocaleString(currentLanguage() === "zh" ? "zh-CN" : "en");

  const check = (file: File) => {
    const problem = localFileProblem(file);
    setFileName(file.name);
    dryRun.reset();
    setLocalProblem(problem ? t(`prepare.${problem}`, { size: MAX_FILE_MB }) : null);
    if (problem) return;
    setUploaded(0);
    abort.current = new AbortController();
    dryRun.mutate(
      { file, signal: abort.current.signal, onProgress: setUploaded },
      { onSuccess: (result) => onChecked(result) },
    );
  };

  const downloadTemplate = () =>
    template.mutate(t("prepare.templateFileName"), {
      onError: (error) => message.error(`${t("prepare.downloadFailed")} ${errorMessage(t, error)}`),
    });

  const busy = dryRun.isPending;
  const tips = ["template", "serial", "project", "limits"] as const;

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={10}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t("prepare.title")}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t("prepare.intro")}</Typography.Paragraph>
        <ol className="device-import-tips">
          {tips.map((tip) => (
            <li key={tip}>{t(`prepare.tips.${tip}`, { size: MAX_FILE_MB, rows: rowsLimit })}</li>
          ))}
        </ol>
        <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={downloadTemplate}>
          {template.isPending ? t("prepare.downloading") : t("prepare.download")}
        </Button>
      </Col>
      <Col xs={24} lg={14}>
        <Flex vertical gap={16}>
          <Upload.Dragger
            accept=".xlsx,.csv"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              check(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <CloudUploadOutlined />
            </p>
            <p className="ant-upload-text">{t("prepare.drop")}</p>
            <p className="ant-upload-hint">{t("prepare.dropHint", { size: MAX_FILE_MB })}</p>
          </Upload.Dragger>
          {busy ? (
            <div className="device-import-busy" aria-live="polite">
              <Flex align="center" gap={8}>
                <FileExcelOutlined />
                <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
                  {uploaded < 1
                    ? t("prepare.uploading", { name: fileName, percent: Math.round(uploaded * 100) })
                    : t("prepare.checking", { name: fileName })}
                </Typography.Text>
                <Button size="small" onClick={() => abort.current?.abort()}>
                  {t("prepare.cancel")}
                </Button>
              </Flex>
              <Progress
                percent={Math.round(uploaded * 100)}
                status="active"
                showInfo={false}
                strokeColor={uploaded < 1 ? undefined : { from: "#2BC6C2", to: "#87e8de" }}
              />
            </div>
          ) : null}
          {localProblem ? (
            <Alert
              type="error"
              showIcon
              title={t("prepare.failedTitle", { name: fileName })}
              description={localProblem}
            />
          ) : null}
          {dryRun.isError && !(dryRun.error instanceof UploadError && dryRun.error.transport === "aborted") ? (
            <UploadProblem fileName={fileName} error={dryRun.error} />
          ) : null}
        </Flex>
      </Col>
    </Row>
  );
}
