import { DeleteOutlined, SwapOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRemoveDevice } from "../lib/device-placement.ts";
import { useErrorText } from "../lib/error-text.ts";
import { confirmDialog, messageApi, toastError } from "../lib/feedback.ts";
import { DeviceMoveDialog, type PlacedDevice } from "./device-move-dialog.tsx";

/**
 * "Move to project" and "Remove" for a Hi-MIT, Hi-Dom or SmartTouch device: on its detail page,
 * in the device lists and in a project's device tab. Removal asks first: it cannot be undone.
 */
export function DevicePlacementActions({
  device,
  compact = false,
  onRemoved,
}: {
  device: PlacedDevice;
  /** Link buttons for a table row. */
  compact?: boolean;
  onRemoved?: () => void;
}) {
  const { t } = useTranslation("common");
  const errorText = useErrorText();
  const remove = useRemoveDevice();
  const [moving, setMoving] = useState(false);
  const look = compact ? ({ type: "link", size: "small", style: { padding: 0 } } as const) : {};

  const confirmRemove = () =>
    confirmDialog({
      title: t("devicePlacement.removeTitle", { device: device.name }),
      content: t("devicePlacement.removeContent"),
      okText: t("devicePlacement.removeOk"),
      okButtonProps: { danger: true },
      cancelText: t("devicePlacement.cancel"),
      width: 480,
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: device.id, kind: device.kind });
          void messageApi().success(t("devicePlacement.removed", { device: device.name }));
          onRemoved?.();
        } catch (error) {
          toastError(t("devicePlacement.removeFailed", { reason: errorText(error) }));
        }
      },
    });

  return (
    <>
      <Space size={compact ? "small" : "middle"} wrap={!compact}>
        <Button {...look} icon={compact ? undefined : <SwapOutlined />} onClick={() => setMoving(true)}>
          {t("devicePlacement.move")}
        </Button>
        <Button
          {...look}
          danger
          icon={compact ? undefined : <DeleteOutlined />}
          loading={remove.isPending}
          onClick={confirmRemove}
        >
          {t("devicePlacement.remove")}
        </Button>
      </Space>
      {moving ? <DeviceMoveDialog device={device} open onClose={() => setMoving(false)} /> : null}
    </>
  );
}
