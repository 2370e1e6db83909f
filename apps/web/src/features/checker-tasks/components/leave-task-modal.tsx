import { ExclamationCircleFilled } from "@ant-design/icons";
import { Button, Flex, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** Leave the half-filled form, or stay on it. */
export function LeaveTaskModal({ open, onDecide }: { open: boolean; onDecide: (leave: boolean) => void }) {
  const { t } = useTranslation("checkerTasks");
  return (
    <Modal
      open={open}
      title={
        <Flex gap={8} align="center">
          <ExclamationCircleFilled style={{ color: "#faad14" }} />
          {t("leave.title")}
        </Flex>
      }
      onCancel={() => onDecide(false)}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={() => onDecide(false)}>{t("leave.stay")}</Button>
          <Button danger type="primary" onClick={() => onDecide(true)}>
            {t("leave.discard")}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>{t("leave.content")}</Typography.Paragraph>
    </Modal>
  );
}
