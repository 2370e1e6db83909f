import { EditOutlined } from "@ant-design/icons";
import { ZCompanyName } from "@vrf/contract/team/team.ts";
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { contractRule, maxLengthOf } from "../../../lib/contract-rule.ts";
import { useErrorText } from "../../../lib/error-text.ts";
import { useRenameOrganisation } from "../api/use-rename-organisation.ts";
import { useTeamOrganisation } from "../api/use-team-organisation.ts";

/** The organisation's name at the top of the team page, with the administrator's rename form. */
export function OrganisationHeader() {
  const { t } = useTranslation("team");
  const errorText = useErrorText();
  const { message } = App.useApp();
  const organisation = useTeamOrganisation();
  const rename = useRenameOrganisation();
  const [form] = Form.useForm<{ name: string }>();
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const tr = (key: string) => t(key);

  const onFinish = async ({ name }: { name: string }) => {
    setAlert(null);
    try {
      const renamed = await rename.mutateAsync(name.trim());
      void message.success(t("organisation.renamed", { name: renamed.name }));
      setOpen(false);
    } catch (error) {
      setAlert(errorText(error));
    }
  };

  return (
    <Card size="small">
      {organisation.isPending ? (
        <Skeleton active paragraph={false} />
      ) : organisation.isError ? (
        <Alert
          type="warning"
          showIcon
          title={`${t("organisation.loadFailed")}: ${errorText(organisation.error)}`}
          action={
            <Button size="small" onClick={() => void organisation.refetch()}>
              {t("common:actions.retry")}
            </Button>
          }
        />
      ) : (
        <Flex align="center" gap={12} wrap>
          <Typography.Text type="secondary">{t("organisation.label")}</Typography.Text>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="organisation-name">
            {organisation.data.name}
          </Typography.Title>
          <Button icon={<EditOutlined />} onClick={() => setOpen(true)}>
            {t("organisation.rename")}
          </Button>
        </Flex>
      )}
      <Modal
        open={open}
        title={t("organisation.renameTitle")}
        okText={t("actions.save")}
        cancelText={t("actions.cancel")}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={rename.isPending}
        cancelButtonProps={{ disabled: rename.isPending }}
        destroyOnHidden
        afterClose={() => setAlert(null)}
      >
        <Form<{ name: string }>
          form={form}
          layout="vertical"
          initialValues={{ name: organisation.data?.name ?? "" }}
          onFinish={onFinish}
          onValuesChange={() => setAlert(null)}
          disabled={rename.isPending}
          preserve={false}
        >
          <Form.Item name="name" label={t("organisation.name")} rules={[contractRule(ZCompanyName, tr)]}>
            <Input
              placeholder={t("organisation.namePlaceholder")}
              maxLength={maxLengthOf(ZCompanyName)}
              showCount
              autoFocus
            />
          </Form.Item>
          {alert && <Alert type="error" showIcon title={alert} />}
        </Form>
      </Modal>
    </Card>
  );
}
