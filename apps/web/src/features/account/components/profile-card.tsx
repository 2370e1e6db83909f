import { EditOutlined, MailOutlined, UserOutlined } from "@ant-design/icons";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Avatar, Button, Card, Descriptions, Empty, Flex, Result, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";
import { currentLanguage, currentLanguageId } from "../../../lib/i18n.ts";
import { useRegions } from "../../../lib/use-regions.ts";
import { useUserProfile } from "../api/use-user-profile.ts";
import { countryName, fullName, initialsOf, languageName, streetLine } from "../utils/profile-display.ts";
import { ProfileDrawer } from "./profile-drawer.tsx";

const dash = (value: string) => value || "—";

/** The read view of the profile, with its loading, empty and error states and the edit drawer. */
export function ProfileCard({ accountEmail }: { accountEmail: string }) {
  const { t } = useTranslation(["account", "errors"]);
  const profile = useUserProfile();
  const regions = useRegions(currentLanguageId());
  const [editing, setEditing] = useState(false);
  const data = profile.data;
  const email = data?.email || accountEmail;

  const body = () => {
    if (profile.isLoading) return <Skeleton avatar active paragraph={{ rows: 4 }} />;
    if (profile.isError) {
      return (
        <Result
          status="error"
          title={t("profile.loadFailed")}
          subTitle={errorMessage(t, profile.error)}
          extra={<Button onClick={() => profile.refetch()}>{t("actions.retry")}</Button>}
        />
      );
    }
    if (!data) {
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4}>
              <Typography.Text strong>{t("profile.emptyTitle")}</Typography.Text>
              <Typography.Text type="secondary">{t("profile.emptyText")}</Typography.Text>
            </Flex>
          }
        >
          <Button type="primary" icon={<UserOutlined />} onClick={() => setEditing(true)}>
            {t("profile.complete")}
          </Button>
        </Empty>
      );
    }
    return (
      <>
        <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
          <Avatar size={64} style={{ background: "#2BC6C2", fontSize: 24, flex: "none" }}>
            {initialsOf(data.firstName, data.surname, email)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {fullName(data.firstName, data.surname, currentLanguage())}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ wordBreak: "break-all" }}>
              <MailOutlined /> {email}
            </Typography.Text>
          </div>
        </Flex>
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          size="small"
          items={[
            { key: "phone", label: t("profile.fields.phone"), children: dash(data.phone) },
            { key: "language", label: t("profile.fields.languageId"), children: languageName(data.languageId) },
            {
              key: "country",
              label: t("profile.fields.country"),
              children: dash(countryName(data.country, regions.data)),
            },
            { key: "city", label: t("profile.fields.city"), children: dash(data.city) },
            {
              key: "street",
              label: t("profile.streetAndNumber"),
              children: dash(streetLine(data.street, data.houseNumber)),
            },
            { key: "zip", label: t("profile.fields.zip"), children: dash(data.zip) },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("profile.updatedAt", { time: formatDateTime(data.updatedAt) })}
        </Typography.Text>
      </>
    );
  };

  return (
    <Card
      title={t("profile.title")}
      extra={
        data ? (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t("actions.edit")}
          </Button>
        ) : null
      }
    >
      {body()}
      <ProfileDrawer open={editing} onClose={() => setEditing(false)} profile={data ?? null} email={email} />
    </Card>
  );
}
