import { LockOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Form, Input, Result } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useChangePassword } from "../api/use-change-password.ts";
import { PasswordChecklist } from "../components/password-checklist.tsx";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import { confirmationProblem, newPasswordProblem } from "../utils/password-rules.ts";

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const CHANGE_ERROR_FIELDS = {
  600709: "oldPassword",
  600917: "newPassword",
  600713: "newPassword",
  600714: "newPassword",
} as const;

export default function ChangePasswordPage() {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangePasswordValues>();
  const oldPassword = Form.useWatch("oldPassword", form) ?? "";
  const newPassword = Form.useWatch("newPassword", form) ?? "";
  const changePassword = useChangePassword();
  const serverError = useFormServerError(form, CHANGE_ERROR_FIELDS);
  const [done, setDone] = useState(false);

  const onFinish = async (values: ChangePasswordValues) => {
    serverError.clear();
    try {
      await changePassword.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      form.resetFields();
      setDone(true);
    } catch (error) {
      serverError.show(error);
    }
  };

  return (
    <Flex justify="center" style={{ padding: "8px 0 24px" }}>
      <Card
        style={{ width: "100%", maxWidth: 560 }}
        title={
          <Flex align="center" gap={8}>
            <SafetyCertificateOutlined style={{ color: "#2BC6C2" }} />
            {t("changePassword.title")}
          </Flex>
        }
      >
        {done ? (
          <Result
            status="success"
            title={t("changePassword.doneTitle")}
            subTitle={t("changePassword.doneText")}
            extra={[
              <Button key="info" type="primary" onClick={() => navigate("/platformCenter/perInfo")}>
                {t("changePassword.toPersonalInfo")}
              </Button>,
              <Button key="again" onClick={() => setDone(false)}>
                {t("changePassword.changeAgain")}
              </Button>,
            ]}
          />
        ) : (
          <Form<ChangePasswordValues>
            form={form}
            layout="vertical"
            size="middle"
            requiredMark={false}
            onFinish={onFinish}
            onValuesChange={serverError.clear}
            disabled={changePassword.isPending}
          >
            <Alert type="info" showIcon title={t("changePassword.notice")} style={{ marginBottom: 24 }} />
            <Form.Item
              name="oldPassword"
              label={t("changePassword.oldPassword")}
              rules={[{ required: true, message: t("validation.oldPasswordRequired") }]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              name="newPassword"
              label={t("changePassword.newPassword")}
              dependencies={["oldPassword"]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    const problem = newPasswordProblem(value, getFieldValue("oldPassword"));
                    return problem
                      ? Promise.reject(new Error(t(`validation.newPassword.${problem}`)))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
            </Form.Item>
            <PasswordChecklist value={newPassword} oldPassword={oldPassword} />
            <Form.Item
              name="confirm"
              label={t("changePassword.confirm")}
              dependencies={["newPassword"]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    const problem = confirmationProblem(value, getFieldValue("newPassword"));
                    return problem ? Promise.reject(new Error(t(`validation.confirm.${problem}`))) : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
            </Form.Item>
            {serverError.alert && (
              <Alert type="error" showIcon title={serverError.alert} style={{ marginBottom: 20 }} />
            )}
            <Flex justify="flex-end" gap={8}>
              <Button onClick={() => form.resetFields()}>{t("actions.reset")}</Button>
              <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
                {t("changePassword.submit")}
              </Button>
            </Flex>
          </Form>
        )}
      </Card>
    </Flex>
  );
}
