import { ArrowRightOutlined, EditOutlined, InboxOutlined, RetweetOutlined, SwapOutlined } from "@ant-design/icons";
import type { TRepairReportDetail } from "@vrf/contract/repair-reports/detail.ts";
import { Flex, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { RelativeTime } from "../../../components/relative-time.tsx";
import { useNow } from "../../../lib/relative-time.ts";
import { stepKind } from "../utils/status.ts";
import { RepairStatusTag } from "./repair-status-tag.tsx";

const ICONS = { note: <EditOutlined />, statusChanged: <SwapOutlined />, reopened: <RetweetOutlined /> };
const COLORS = { note: "gray", statusChanged: "#2BC6C2", reopened: "orange" };

/** Who did what and when, newest first; the report's arrival closes the list. */
export function RepairTimeline({ report }: { report: TRepairReportDetail }) {
  const { t } = useTranslation("repairReports");
  const now = useNow();
  const steps = [...report.timeline].reverse().map((step) => {
    const kind = stepKind(step);
    return {
      key: step.id,
      color: COLORS[kind],
      icon: ICONS[kind],
      content: (
        <div data-testid="repair-timeline-step">
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong>{t(`timeline.${kind}`)}</Typography.Text>
            {step.fromStatus !== null && step.toStatus !== null && (
              <Flex align="center" gap={4}>
                <RepairStatusTag status={step.fromStatus} />
                <ArrowRightOutlined style={{ fontSize: 11, color: "rgba(0,0,0,0.45)" }} />
                <RepairStatusTag status={step.toStatus} />
              </Flex>
            )}
          </Flex>
          <Typography.Text type="secondary" className="repair-timeline-meta">
            {t("timeline.by", { name: step.accountName })} ({step.accountEmail}) ·{" "}
            <RelativeTime value={step.createdAt} now={now} />
          </Typography.Text>
          {step.note && <Typography.Paragraph className="repair-timeline-note">{step.note}</Typography.Paragraph>}
        </div>
      ),
    };
  });

  return (
    <Timeline
      items={[
        ...steps,
        {
          key: "reported",
          color: "blue",
          icon: <InboxOutlined />,
          content: (
            <div>
              <Typography.Text strong>{t("timeline.reported", { name: report.userName })}</Typography.Text>
              <div>
                <Typography.Text type="secondary" className="repair-timeline-meta">
                  <RelativeTime value={report.reportedAt} now={now} />
                </Typography.Text>
              </div>
            </div>
          ),
        },
      ]}
    />
  );
}
