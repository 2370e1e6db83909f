import { Checkbox, Form, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { TEAM_MODULES } from "../utils/grants.ts";

/**
 * The modules and team role fields shared by the invite and edit forms. The administrator
 * choice is disabled without Distributor Cloud, where the team is managed.
 */
export function GrantFields() {
  const { t } = useTranslation("team");
  const form = Form.useFormInstance();
  const authorities: number[] = Form.useWatch("authorities", form) ?? [];
  const withDistributorCloud = authorities.includes(2);
  return (
    <>
      <Form.Item
        name="authorities"
        label={t("invite.modules")}
        rules={[{ required: true, type: "array", min: 1, message: t("validation.modulesRequired") }]}
      >
        <Checkbox.Group
          options={TEAM_MODULES.map((a) => ({ value: a, label: t(`modules.${a}`) }))}
          onChange={(next) => {
            if (!next.includes(2) && form.getFieldValue("role") === "admin") form.setFieldValue("role", "member");
          }}
        />
      </Form.Item>
      <Form.Item
        name="role"
        label={t("invite.role")}
        extra={t("invite.roleHelp")}
        rules={[{ required: true, message: t("validation.roleRequired") }]}
      >
        <Radio.Group>
          <Radio value="member">{t("roles.member")}</Radio>
          <Radio value="admin" disabled={!withDistributorCloud}>
            {t("roles.admin")}
          </Radio>
        </Radio.Group>
      </Form.Item>
    </>
  );
}
