import { CheckCircleFilled, CloseCircleFilled, MinusCircleOutlined } from "@ant-design/icons";
import { Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { passwordChecklist } from "../utils/password-rules.ts";

/** The new-password rules, ticked live; neutral until something is typed. */
export function PasswordChecklist({ value, oldPassword }: { value: string; oldPassword: string }) {
  const { t } = useTranslation("account");
  const typed = value.length > 0;
  return (
    <Flex vertical gap={2} style={{ margin: "-12px 0 20px" }} aria-live="polite">
      {passwordChecklist(value, oldPassword).map((hint) => {
        const type = !typed ? "secondary" : hint.met ? "success" : "danger";
        const icon = !typed ? <MinusCircleOutlined /> : hint.met ? <CheckCircleFilled /> : <CloseCircleFilled />;
        return (
          <Typography.Text key={hint.key} type={type} style={{ fontSize: 13 }}>
            {icon} {t(`changePassword.hints.${hint.key}`)}
          </Typography.Text>
        );
      })}
    </Flex>
  );
}
