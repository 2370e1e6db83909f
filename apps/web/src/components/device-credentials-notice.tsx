import { DownloadOutlined } from "@ant-design/icons";
import type { TDeviceCredentials } from "@vrf/contract/devices/credentials.ts";
import { Button, Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { csvBlob } from "../lib/csv.ts";
import { credentialsCsv } from "../lib/device-credentials.ts";
import { saveFile } from "../lib/save-file.ts";

/** A device's MQTT credentials, shown once: username, the password to copy, and a file to keep. */
export function DeviceCredentialsNotice({ credentials }: { credentials: TDeviceCredentials }) {
  const { t } = useTranslation("common");
  const download = () =>
    saveFile(
      csvBlob(
        credentialsCsv([credentials], {
          username: t("deviceCredentials.username"),
          password: t("deviceCredentials.password"),
          issuedAt: t("deviceCredentials.issuedAt"),
        }),
      ),
      t("deviceCredentials.fileName"),
    );
  return (
    <>
      <Typography.Paragraph>{t("deviceCredentials.onceOne")}</Typography.Paragraph>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t("deviceCredentials.username")}>
          <Typography.Text copyable>{credentials.username}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("deviceCredentials.password")}>
          <Typography.Text code copyable={{ tooltips: [t("deviceCredentials.copy"), t("deviceCredentials.copied")] }}>
            {credentials.password}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Button style={{ marginTop: 12 }} icon={<DownloadOutlined />} onClick={download}>
        {t("deviceCredentials.download")}
      </Button>
    </>
  );
}
