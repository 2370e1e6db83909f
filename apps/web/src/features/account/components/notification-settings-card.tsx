import { BellOutlined, ClockCircleOutlined } from "@ant-design/icons";
import { ZNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import {
  Alert,
  Button,
  Card,
  Divider,
  Flex,
  Form,
  Input,
  message,
  Result,
  Select,
  Skeleton,
  Switch,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { contractRule } from "../../../lib/contract-rule.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { useNotificationSettings } from "../api/use-notification-settings.ts";
import { useUpdateNotificationSettings } from "../api/use-update-notification-settings.ts";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import {
  browserTimezone,
  emailRequired,
  HOUR_OPTIONS,
  type NotificationFormValues,
  toFormValues,
  toRequest,
} from "../utils/notification-settings.ts";

function SwitchRow({ name, title, text }: { name: keyof NotificationFormValues; title: string; text: string }) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} style={{ marginBottom: 20 }}>
      <div>
        <Typography.Text strong>{title}</Typography.Text>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {text}
          </Typography.Text>
        </div>
      </div>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch aria-label={title} />
      </Form.Item>
    </Flex>
  );
}

/** Which e-mails the user gets about repairs and faults, and when the daily report arrives. */
export function NotificationSettingsCard() {
  const { t } = useTranslation(["account", "errors"]);
  const tr = (key: string) => t(key);
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [form] = Form.useForm<NotificationFormValues>();
  const daily = Form.useWatch("dailyFaultReport", form) ?? false;
  const [messageApi, messageHolder] = message.useMessage();
  const serverError = useFormServerError(form, {});
  const [timezone] = useState(browserTimezone);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toFormValues(settings.data));
  }, [settings.data, form]);

  const onFinish = async (values: NotificationFormValues) => {
    serverError.clear();
    try {
      await update.mutateAsync(toRequest(values, timezone));
      setDirty(false);
      messageApi.success(t("notifications.saved"));
    } catch (error) {
      serverError.show(error);
    }
  };

  const body = () => {
    if (settings.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
    if (settings.isError) {
      return (
        <Result
          status="error"
          title={t("notifications.loadFailed")}
          subTitle={errorMessage(t, settings.error)}
          extra={<Button onClick={() => settings.refetch()}>{t("actions.retry")}</Button>}
        />
      );
    }
    return (
      <Form<NotificationFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => {
          setDirty(true);
          serverError.clear();
        }}
        disabled={update.isPending}
      >
        <SwitchRow name="repairInfo" title={t("notifications.repairInfo")} text={t("notifications.repairInfoText")} />
        <SwitchRow
          name="dailyFaultReport"
          title={t("notifications.dailyFaultReport")}
          text={t("notifications.dailyFaultReportText")}
        />
        <Divider style={{ margin: "4px 0 20px" }} />
        <Form.Item
          name="hour"
          label={t("notifications.hour")}
          extra={
            <span>
              <ClockCircleOutlined /> {t("notifications.timezone", { timezone })}
            </span>
          }
        >
          <Select options={HOUR_OPTIONS} disabled={!daily || update.isPending} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("notifications.email")}
          dependencies={["dailyFaultReport"]}
          rules={[
            ({ getFieldValue }) => ({
              required: emailRequired({ dailyFaultReport: getFieldValue("dailyFaultReport") }),
              whitespace: true,
              message: t("validation.emailRequiredForReport"),
            }),
            contractRule(ZNotificationSettings.shape.email, tr),
          ]}
        >
          <Input type="email" autoComplete="email" placeholder="service@company.com" />
        </Form.Item>
        {serverError.alert && <Alert type="error" showIcon title={serverError.alert} style={{ marginBottom: 16 }} />}
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
            {t("actions.save")}
          </Button>
        </Flex>
      </Form>
    );
  };

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <BellOutlined style={{ color: "#2BC6C2" }} />
          {t("notifications.title")}
        </Flex>
      }
    >
      {messageHolder}
      {body()}
    </Card>
  );
}
