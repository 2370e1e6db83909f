import type { TClientError } from "@vrf/contract/client-errors/list.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DetailDrawer, DetailText } from "../../../components/detail-drawer.tsx";
import { kindName } from "./client-error-columns.tsx";

/** One error in full: the message and stack as sent, where, in which browser and build. */
export function ClientErrorDrawer({ error, onClose }: { error: TClientError | null; onClose: () => void }) {
  const { t } = useTranslation("clientErrors");
  return (
    <DetailDrawer open={error !== null} onClose={onClose} title={t("detail.title")}>
      {error && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: "time", label: t("columns.time"), children: formatDateTime(error.createdAt) },
              { key: "kind", label: t("columns.kind"), children: kindName(t, error.kind) },
              { key: "account", label: t("columns.account"), children: error.email ?? "-" },
              {
                key: "url",
                label: t("detail.url"),
                children: <Typography.Text copyable={{ text: error.url }}>{error.url}</Typography.Text>,
              },
              { key: "release", label: t("columns.release"), children: error.release },
              {
                key: "environment",
                label: t("detail.environment"),
                children:
                  error.environment === "test" || error.environment === "prod"
                    ? t(`detail.environments.${error.environment}`)
                    : t("detail.environments.unknown"),
              },
              { key: "browser", label: t("detail.browser"), children: error.userAgent ?? "-" },
              { key: "ip", label: t("detail.ip"), children: error.ip ?? "-" },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t("columns.message")}
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
            {error.message}
          </Typography.Paragraph>
          <Typography.Title level={5}>{t("detail.stack")}</Typography.Title>
          {error.stack ? (
            <DetailText className="client-error-stack" text={error.stack} />
          ) : (
            <Typography.Text type="secondary">{t("detail.noStack")}</Typography.Text>
          )}
        </>
      )}
    </DetailDrawer>
  );
}
