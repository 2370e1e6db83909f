import { InboxOutlined } from "@ant-design/icons";
import { Errors } from "@vrf/contract/errors.ts";
import { PACKAGE_KINDS, type TPackageKind } from "@vrf/contract/hi-checker/software-packages.ts";
import { Alert, App, Form, Input, Modal, Progress, Radio, Typography, Upload } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { useErrorText } from "../../../lib/error-text.ts";
import { usePackageRules } from "../api/use-package-rules.ts";
import { useUploadPackage } from "../api/use-upload-package.ts";
import { acceptOf, fileProblem, fileTypesText, sizeText, versionValid } from "../utils/package-checks.ts";

interface FormValues {
  kind: TPackageKind;
  version: string;
}

// Server refusals that belong to one field of the form: shown under it rather than above the form.
const FIELD_OF_ERROR = new Map<number, "version" | "file">([
  [Errors.packageVersionFormat.errorCode, "version"],
  [Errors.packageVersionTaken.errorCode, "version"],
  [Errors.packageFileType.errorCode, "file"],
  [Errors.packageFileEmpty.errorCode, "file"],
  [Errors.packageTooLarge.errorCode, "file"],
]);

/**
 * The upload form: kind, version and the file, each checked here as the server will check it,
 * then the upload with its progress. Closing during the upload stops it (after asking); the
 * server keeps nothing of an upload that did not finish.
 */
export function UploadPackageModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("softwarePackages");
  const errorText = useErrorText();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch("kind", form) ?? "firmware";
  const rules = usePackageRules();
  const maxBytes = rules.data?.maxBytes[kind];
  const uploadPackage = useUploadPackage();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  const problemText = (chosen: File, forKind: TPackageKind) => {
    const problem = fileProblem(forKind, chosen, rules.data?.maxBytes[forKind]);
    if (!problem) return null;
    return t(`upload.problems.${problem}`, {
      types: fileTypesText(forKind),
      size: sizeText(chosen.size),
      max: sizeText(rules.data?.maxBytes[forKind] ?? 0),
    });
  };

  const reset = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    setProgress(null);
    setFailure(null);
  };

  const close = () => {
    if (!uploading) {
      reset();
      onClose();
      return;
    }
    void modal.confirm({
      title: t("upload.leaveTitle"),
      content: t("upload.leaveText"),
      okText: t("upload.stop"),
      cancelText: t("actions.cancel"),
      okButtonProps: { danger: true },
      onOk: () => abort.current?.abort(),
    });
  };

  const submit = async (values: FormValues) => {
    setFailure(null);
    if (!file) {
      setFileError(t("upload.fileRequired"));
      return;
    }
    const problem = problemText(file, values.kind);
    if (problem) {
      setFileError(problem);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const pkg = await uploadPackage.mutateAsync({
        kind: values.kind,
        version: values.version,
        file,
        signal: controller.signal,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
      void message.success(t("upload.done", { version: pkg.version }));
      reset();
      onClose();
    } catch (error) {
      setProgress(null);
      if (controller.signal.aborted) {
        reset();
        onClose();
        return;
      }
      const field = error instanceof ApiError ? FIELD_OF_ERROR.get(error.errorCode) : undefined;
      if (field === "version") form.setFields([{ name: "version", errors: [errorText(error)] }]);
      else if (field === "file") setFileError(errorText(error));
      else setFailure(t("upload.failed", { reason: errorText(error) }));
    } finally {
      abort.current = null;
    }
  };

  return (
    <Modal
      open={open}
      title={t("upload.title")}
      okText={t("upload.submit")}
      cancelText={uploading ? t("upload.stop") : t("actions.cancel")}
      onOk={() => form.submit()}
      onCancel={close}
      okButtonProps={{ loading: uploading }}
      maskClosable={!uploading}
      destroyOnHidden
      width={560}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ kind: "firmware", version: "" }}
        onFinish={(values) => void submit(values)}
        disabled={uploading}
        className="software-packages-upload"
        onValuesChange={(changed: Partial<FormValues>) => {
          // Another kind takes other files: the chosen one is checked again.
          if (changed.kind && file) setFileError(problemText(file, changed.kind));
        }}
      >
        <Form.Item name="kind" label={t("upload.kind")}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={PACKAGE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="version"
          label={t("upload.version")}
          rules={[
            { required: true, whitespace: true, message: t("upload.versionRequired") },
            {
              validator: async (_rule, value: string) => {
                if (value?.trim() && !versionValid(value)) throw new Error(t("upload.versionInvalid"));
              },
            },
          ]}
        >
          <Input placeholder={t("upload.versionPlaceholder")} maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t("upload.file")}
          required
          validateStatus={fileError ? "error" : undefined}
          help={
            fileError ?? t("upload.fileRules", { types: fileTypesText(kind), max: maxBytes ? sizeText(maxBytes) : "—" })
          }
        >
          <Upload.Dragger
            accept={acceptOf(kind)}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setFileError(problemText(chosen, kind));
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            {file ? (
              <Typography.Text strong className="software-packages-upload-file">
                {file.name} ({sizeText(file.size)})
              </Typography.Text>
            ) : (
              <p className="ant-upload-text">{t("upload.fileHint")}</p>
            )}
          </Upload.Dragger>
        </Form.Item>
        {uploading && (
          <Form.Item label={t("upload.uploading")}>
            <Progress percent={progress} status="active" />
          </Form.Item>
        )}
        {failure && <Alert type="error" showIcon message={failure} />}
      </Form>
    </Modal>
  );
}
