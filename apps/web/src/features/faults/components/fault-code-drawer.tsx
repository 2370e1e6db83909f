import { FilterOutlined } from "@ant-design/icons";
import type { TFaultCodeEntry } from "@vrf/contract/faults/fault-codes.ts";
import { Alert, Button, Drawer, Flex, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useIsNarrow } from "../hooks/use-is-narrow.ts";
import { checkSteps } from "../utils/fault-display.ts";
import { SeverityTag } from "./severity-tag.tsx";

interface FaultCodeDrawerProps {
  code: string | null;
  entries: TFaultCodeEntry[] | undefined;
  loading: boolean;
  onClose: () => void;
  /** Offered unless the records are already filtered by this code. */
  onShowRecords?: (code: string) => void;
}

/** A catalogue entry: what the code means and what to check first, step by step. */
export function FaultCodeDrawer({ code, entries, loading, onClose, onShowRecords }: FaultCodeDrawerProps) {
  const { t } = useTranslation("faults");
  const narrow = useIsNarrow();
  const entry = code ? entries?.find((e) => e.code === code) : undefined;

  return (
    <Drawer
      open={code !== null}
      onClose={onClose}
      size={narrow ? "100%" : 480}
      title={code ? t("drawer.title", { code }) : ""}
      destroyOnHidden
      closable={{ "aria-label": t("drawer.close") }}
      footer={
        code && onShowRecords ? (
          <Flex justify="flex-end">
            <Button type="primary" icon={<FilterOutlined />} onClick={() => onShowRecords(code)}>
              {t("drawer.showRecords")}
            </Button>
          </Flex>
        ) : null
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : entry ? (
        <div className="faults-code-entry">
          <Flex align="center" gap={12} wrap className="faults-code-entry-head">
            <span className="faults-code-badge">{entry.code}</span>
            <SeverityTag severity={entry.severity} />
          </Flex>
          <Typography.Title level={4} className="faults-code-entry-name">
            {entry.name}
          </Typography.Title>
          <Typography.Title level={5}>{t("drawer.checks")}</Typography.Title>
          <ol className="faults-check-steps">
            {checkSteps(entry.checks).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      ) : (
        <Alert type="info" showIcon title={t("drawer.unknown")} />
      )}
    </Drawer>
  );
}
