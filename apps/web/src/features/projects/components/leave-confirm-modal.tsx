import { ExclamationCircleFilled } from "@ant-design/icons";
import { Button, Flex, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LeaveChoice } from "../hooks/use-unsaved-changes-guard.ts";

/** Save, leave without saving, or stay: the three answers to unsaved edits. */
export function LeaveConfirmModal({
  open,
  saving,
  onDecide,
}: {
  open: boolean;
  saving: boolean;
  onDecide: (choice: LeaveChoice) => void;
}) {
  const { t } = useTranslation("projects");
  return (
    <Modal
      open={open}
      title={
        <Flex gap={8} align="center">
          <ExclamationCircleFilled style={{ color: "#faad14" }} />
          {t("leave.title")}
        </Flex>
      }
      onCancel={() => onDecide("stay")}
      maskClosable={!saving}
      closable={!saving}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={() => onDecide("stay")} disabled={saving}>
            {t("leave.stay")}
          </Button>
          <Button danger onClick={() => onDecide("discard")} disabled={saving}>
            {t("leave.discard")}
          </Button>
          <Button type="primary" loading={saving} onClick={() => onDecide("save")}>
            {t("leave.save")}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>{t("leave.content")}</Typography.Paragraph>
    </Modal>
  );
}
