import { Errors } from "@vrf/contract/errors.ts";
import { repairReference } from "@vrf/contract/repair-reports/repair-report.ts";
import { Button, Card, Col, Flex, Result, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-error.ts";
import { useRepairReport } from "../api/use-repair-report.ts";
import { HandlingForm } from "../components/handling-form.tsx";
import { LoadFailure } from "../components/load-failure.tsx";
import { RepairStatusTag } from "../components/repair-status-tag.tsx";
import { RepairTimeline } from "../components/repair-timeline.tsx";
import { ReportFacts } from "../components/report-facts.tsx";
import { repairReportListPath } from "../utils/links.ts";
import "../components/repair-reports.css";
import { useHasSubDistributors } from "../../../lib/distributor-options.ts";

const idFrom = (value: string | null): number | null => (value && /^\d{1,12}$/.test(value) ? Number(value) : null);

/** RepairReportDetail (`?id=`): the report, its handling form and its history. */
export default function RepairReportDetailPage() {
  const { t } = useTranslation(["repairReports", "common"]);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = idFrom(params.get("id"));
  const report = useRepairReport(id);
  const showDistributor = useHasSubDistributors();
  const backToList = (
    <Button type="primary" onClick={() => navigate(repairReportListPath())}>
      {t("detail.backToList")}
    </Button>
  );

  if (id === null) return <Result status="404" title="404" subTitle={t("detail.badId")} extra={backToList} />;
  if (report.isLoading) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (report.isError || !report.data) {
    if (report.error instanceof ApiError && report.error.errorCode === Errors.notFound.errorCode) {
      return <Result status="404" title={repairReference(id)} subTitle={t("detail.notFound")} extra={backToList} />;
    }
    return (
      <Card variant="borderless">
        <LoadFailure title={t("detail.loadFailed")} error={report.error} onRetry={() => report.refetch()} />
      </Card>
    );
  }

  const data = report.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card
          variant="borderless"
          title={
            <Flex align="center" gap={12} wrap className="repair-detail-header">
              <Typography.Title level={4}>{t("detail.title", { reference: data.reference })}</Typography.Title>
              <RepairStatusTag status={data.status} />
            </Flex>
          }
        >
          <ReportFacts report={data} showDistributor={showDistributor} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t("detail.content")}
          </Typography.Title>
          <Typography.Paragraph className="repair-content">{data.content}</Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Flex vertical gap={16}>
          <Card variant="borderless" title={t("handle.title")}>
            <HandlingForm key={data.id} report={data} />
          </Card>
          <Card variant="borderless" title={t("timeline.title")}>
            <RepairTimeline report={data} />
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}
