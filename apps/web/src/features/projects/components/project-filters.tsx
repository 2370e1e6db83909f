import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import type { TOrganisationOption } from "@vrf/contract/distributor/options.ts";
import { Button, Col, Input, Row, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguageId } from "../../../lib/i18n.ts";
import { useRegions } from "../../../lib/use-regions.ts";
import type { ProjectListQuery } from "../utils/list-query.ts";

type FilterChange = Partial<
  Pick<ProjectListQuery, "keyword" | "countryCode" | "cityCode" | "organisationId" | "alarmState">
>;

interface ProjectFiltersProps {
  query: ProjectListQuery;
  organisations: readonly TOrganisationOption[];
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}

/** Search by name or ID, then narrow by place, distributor and alarm state; selects apply at once. */
export function ProjectFilters({ query, organisations, onChange, onReset }: ProjectFiltersProps) {
  const { t } = useTranslation("projects");
  const regions = useRegions(currentLanguageId());
  const [keyword, setKeyword] = useState(query.keyword ?? "");
  useEffect(() => setKeyword(query.keyword ?? ""), [query.keyword]);
  const cities = regions.data?.find((r) => r.code === query.countryCode)?.children ?? [];
  // A sub-distributor sees only its own organisation: the filter would have one choice.
  const showDistributor = organisations.length > 1;
  const span = { xs: 24, sm: 12, lg: 8, xl: showDistributor ? 4 : 5 };

  return (
    <Row gutter={[12, 12]} className="project-filter-bar" role="search">
      <Col xs={24} sm={24} lg={8} xl={showDistributor ? 6 : 7}>
        <Input.Search
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
          placeholder={t("placeholders.keyword")}
          aria-label={t("placeholders.keyword")}
          allowClear
          enterButton={<SearchOutlined aria-label={t("list.search")} />}
          maxLength={100}
        />
      </Col>
      <Col {...span}>
        <Select
          style={{ width: "100%" }}
          value={query.countryCode}
          onChange={(value?: string) => onChange({ countryCode: value })}
          options={(regions.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
          placeholder={t("placeholders.country")}
          aria-label={t("fields.country")}
          loading={regions.isLoading}
          showSearch={{ optionFilterProp: "label" }}
          allowClear
        />
      </Col>
      <Col {...span}>
        <Select
          style={{ width: "100%" }}
          value={query.cityCode}
          onChange={(value?: string) => onChange({ cityCode: value })}
          options={cities.map((c) => ({ value: c.code, label: c.name }))}
          placeholder={query.countryCode ? t("placeholders.city") : t("placeholders.cityFirst")}
          aria-label={t("fields.city")}
          disabled={!query.countryCode}
          showSearch={{ optionFilterProp: "label" }}
          allowClear
        />
      </Col>
      {showDistributor ? (
        <Col {...span}>
          <Select
            style={{ width: "100%" }}
            value={query.organisationId}
            onChange={(value?: number) => onChange({ organisationId: value })}
            options={organisations.map((o) => ({ value: o.id, label: o.name }))}
            placeholder={t("placeholders.distributor")}
            aria-label={t("fields.organisation")}
            showSearch={{ optionFilterProp: "label" }}
            allowClear
          />
        </Col>
      ) : null}
      <Col {...span}>
        <Select
          style={{ width: "100%" }}
          value={query.alarmState}
          onChange={(value?: "alarm" | "normal") => onChange({ alarmState: value })}
          options={[
            { value: "alarm", label: t("alarm.alarm") },
            { value: "normal", label: t("alarm.normal") },
          ]}
          placeholder={t("placeholders.alarmState")}
          aria-label={t("fields.alarmCount")}
          allowClear
        />
      </Col>
      <Col xs={24} sm={12} lg={8} xl={2}>
        <Button icon={<ReloadOutlined />} onClick={onReset} block>
          {t("list.reset")}
        </Button>
      </Col>
    </Row>
  );
}
