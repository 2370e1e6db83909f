import { KeyOutlined } from "@ant-design/icons";
import { Button, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DeviceCredentialsNotice } from "../../../components/device-credentials-notice.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { confirmDialog, noticeDialog, toastError } from "../../../lib/feedback.ts";
import { useRotateCredentials } from "../api/use-rotate-credentials.ts";

/**
 * "Issue new device password": after a confirmation (the old password stops working at once),
 * the device's new MQTT credentials are shown once, as at registration.
 */
export function RotateCredentialsButton({ deviceId, deviceName }: { deviceId: number; deviceName: string }) {
  const { t } = useTranslation("devices");
  const errorText = useErrorText();
  const rotate = useRotateCredentials();

  const issue = async () => {
    try {
      const credentials = await rotate.mutateAsync(deviceId);
      // The password exists only in this answer: shown now, with the file to keep.
      noticeDialog({
        title: t("credentials.newTitle"),
        width: 560,
        content: (
          <>
            <Typography.Paragraph strong>{t("credentials.issuedFor", { device: deviceName })}</Typography.Paragraph>
            <DeviceCredentialsNotice credentials={credentials} />
          </>
        ),
      });
    } catch (error) {
      toastError(t("credentials.failed", { reason: errorText(error) }));
    }
  };

  const ask = () =>
    confirmDialog({
      title: t("credentials.confirmTitle", { device: deviceName }),
      content: t("credentials.confirmContent"),
      okText: t("credentials.confirmOk"),
      okButtonProps: { danger: true },
      cancelText: t("credentials.cancel"),
      width: 480,
      onOk: issue,
    });

  return (
    <Button icon={<KeyOutlined />} loading={rotate.isPending} onClick={ask}>
      {t("credentials.rotate")}
    </Button>
  );
}
