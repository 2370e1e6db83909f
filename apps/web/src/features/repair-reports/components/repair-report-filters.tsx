import { DownOutlined, UpOutlined } from "@ant-design/icons";
import { Button, Col, Form, Input, Row, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateRangeFilter } from "../../../components/date-range-filter.tsx";
import { useHasSubDistributors, useOrganisationOptions } from "../../../lib/distributor-options.ts";
import type { RepairListState } from "../utils/list-query.ts";
import { ProjectFilter } from "./project-filter.tsx";

type Filters = Pick<RepairListState, "keyword" | "fromDate" | "toDate" | "organisationId" | "projectId">;

interface RepairReportFiltersProps {
  value: Filters;
  projectName: string | null;
  onChange: (next: Partial<Filters>) => void;
  /** Narrow screens show the search alone until the user asks for the rest. */
  compact: boolean;
}

/** Search, report time, distributor and project. Each applies at once; the keyword on Enter or the search button. */
export function RepairReportFilters({ value, projectName, onChange, compact }: RepairReportFiltersProps) {
  const { t } = useTranslation("repairReports");
  const organisations = useOrganisationOptions();
  const [keyword, setKeyword] = useState(value.keyword);
  useEffect(() => setKeyword(value.keyword), [value.keyword]);
  // A sub-distributor has only its own organisation: nothing to choose.
  const showDistributor = useHasSubDistributors();
  const activeMore = [value.fromDate || value.toDate, value.organisationId, value.projectId].filter(Boolean).length;
  const [expanded, setExpanded] = useState(activeMore > 0);
  const showMore = !compact || expanded;

  return (
    <Form layout="vertical" className="repair-filters" onSubmitCapture={(e) => e.preventDefault()}>
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} md={12} xl={showDistributor ? 8 : 9}>
          <Form.Item label={t("filters.keyword")} htmlFor="repair-keyword">
            <Input.Search
              id="repair-keyword"
              value={keyword}
              maxLength={100}
              allowClear
              placeholder={t("filters.keywordPlaceholder")}
              onChange={(e) => {
                setKeyword(e.target.value);
                if (e.target.value === "" && value.keyword !== "") onChange({ keyword: "" });
              }}
              onSearch={(text) => onChange({ keyword: text.trim() })}
            />
          </Form.Item>
        </Col>
        {compact && (
          <Col xs={24}>
            <Button
              type="link"
              size="small"
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              iconPlacement="end"
              onClick={() => setExpanded((open) => !open)}
              style={{ padding: 0, marginBottom: expanded ? 12 : 16 }}
            >
              {t(expanded ? "filters.less" : "filters.more")}
              {!expanded && activeMore > 0 ? ` (${activeMore})` : ""}
            </Button>
          </Col>
        )}
        {showMore && (
          <Col xs={24} md={12} xl={showDistributor ? 6 : 7}>
            <Form.Item label={t("filters.timeRange")} htmlFor="repair-time-range">
              <DateRangeFilter
                id="repair-time-range"
                placeholder={[t("filters.startDate"), t("filters.endDate")]}
                value={value}
                onChange={onChange}
              />
            </Form.Item>
          </Col>
        )}
        {showMore && showDistributor && (
          <Col xs={24} md={12} xl={5}>
            <Form.Item label={t("filters.distributor")} htmlFor="repair-distributor">
              <Select
                id="repair-distributor"
                allowClear
                placeholder={t("filters.allDistributors")}
                value={value.organisationId ?? undefined}
                onChange={(v: number | undefined) => onChange({ organisationId: v ?? null })}
                options={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
        )}
        {showMore && (
          <Col xs={24} md={12} xl={showDistributor ? 5 : 8}>
            <Form.Item label={t("filters.project")} htmlFor="repair-project">
              <ProjectFilter
                id="repair-project"
                value={value.projectId}
                knownName={projectName}
                onChange={(projectId) => onChange({ projectId })}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
}
