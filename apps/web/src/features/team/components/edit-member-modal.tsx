import type { TTeamMember } from "@vrf/contract/team/team.ts";
import { Alert, App, Form, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useUpdateMember } from "../api/use-update-member.ts";
import { fitRoleToModules, type GrantValues, modulesOf } from "../utils/grants.ts";
import { GrantFields } from "./grant-fields.tsx";

interface EditMemberModalProps {
  open: boolean;
  member: TTeamMember | null;
  onClose: () => void;
}

/** A member's modules and role. */
export function EditMemberModal({ open, member, onClose }: EditMemberModalProps) {
  const { t } = useTranslation("team");
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<GrantValues>();
  const update = useUpdateMember();
  const [alert, setAlert] = useState<string | null>(null);

  const onFinish = async (values: GrantValues) => {
    if (!member) return;
    setAlert(null);
    try {
      await update.mutateAsync({ id: member.id, ...fitRoleToModules(values) });
      void message.success(t("members.saved", { email: member.email }));
      onClose();
    } catch (error) {
      setAlert(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t("members.editTitle", { email: member?.email ?? "" })}
      okText={t("actions.save")}
      cancelText={t("actions.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      cancelButtonProps={{ disabled: update.isPending }}
      maskClosable={!update.isPending}
      destroyOnHidden
      afterClose={() => setAlert(null)}
    >
      {member && (
        <Form<GrantValues>
          form={form}
          layout="vertical"
          initialValues={{ authorities: modulesOf(member.authorities), role: member.role }}
          onFinish={onFinish}
          onValuesChange={() => setAlert(null)}
          disabled={update.isPending}
          requiredMark
          preserve={false}
        >
          <GrantFields />
          {alert && <Alert type="error" showIcon title={alert} />}
        </Form>
      )}
    </Modal>
  );
}
