import type { TControllerKind } from "@vrf/contract/devices/common.ts";
import { Alert, Form, Modal, Select, Typography } from "antd";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMoveDevice } from "../lib/device-placement.ts";
import { useHasSubDistributors, useProjectOptions } from "../lib/distributor-options.ts";
import { useErrorText } from "../lib/error-text.ts";
import { messageApi } from "../lib/feedback.ts";

export interface PlacedDevice {
  id: number;
  kind: TControllerKind;
  /** What the user calls it: alias, else device ID. */
  name: string;
  project: { id: number; code: string; name: string } | null;
}

/** "Move to project": picks another project of the caller's (searched on the server) and moves the device there. */
export function DeviceMoveDialog({
  device,
  open,
  onClose,
}: {
  device: PlacedDevice;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("common");
  const errorText = useErrorText();
  const move = useMoveDevice();
  const hasSubDistributors = useHasSubDistributors();
  const [search, setSearch] = useState("");
  const keyword = useDeferredValue(search.trim());
  const projects = useProjectOptions(keyword);
  const [projectId, setProjectId] = useState<number | undefined>();

  const options = useMemo(
    () =>
      (projects.data ?? []).map((p) => {
        const current = p.id === device.project?.id;
        const label = `${p.name} (${p.code})${hasSubDistributors ? ` · ${p.organisationName}` : ""}`;
        // The device's own project stays in the list, marked and not choosable.
        return {
          value: p.id,
          label: current ? `${label} · ${t("devicePlacement.current")}` : label,
          disabled: current,
        };
      }),
    [projects.data, device.project?.id, hasSubDistributors, t],
  );

  const close = () => {
    setProjectId(undefined);
    setSearch("");
    move.reset();
    onClose();
  };

  const submit = async () => {
    if (projectId === undefined) return;
    try {
      const moved = await move.mutateAsync({ id: device.id, kind: device.kind, projectId });
      void messageApi().success(
        t("devicePlacement.moved", { device: device.name, project: `${moved.project.name} (${moved.project.code})` }),
      );
      close();
    } catch {
      // Shown in the dialog (move.error), which stays open for another choice.
    }
  };

  return (
    <Modal
      open={open}
      title={t("devicePlacement.moveTitle", { device: device.name })}
      okText={t("devicePlacement.moveOk")}
      cancelText={t("devicePlacement.cancel")}
      okButtonProps={{ disabled: projectId === undefined }}
      confirmLoading={move.isPending}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t("devicePlacement.currentProject")}>
          <Typography.Text>
            {device.project ? `${device.project.name} (${device.project.code})` : t("devicePlacement.noProject")}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={t("devicePlacement.targetProject")} htmlFor="device-move-project" required>
          <Select
            id="device-move-project"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            value={projectId}
            onChange={setProjectId}
            options={options}
            loading={projects.isFetching}
            placeholder={t("devicePlacement.targetPlaceholder")}
            notFoundContent={projects.isFetching ? null : undefined}
            style={{ width: "100%" }}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">{t("devicePlacement.moveHint")}</Typography.Paragraph>
      {move.error ? <Alert type="error" showIcon title={errorText(move.error)} /> : null}
    </Modal>
  );
}
