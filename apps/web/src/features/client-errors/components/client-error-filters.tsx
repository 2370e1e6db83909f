import { CLIENT_ERROR_KINDS, type ClientErrorKind } from "@vrf/contract/client-errors/report.ts";
import { Col, Form, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { DateRangeFilter } from "../../../components/date-range-filter.tsx";
import type { ClientErrorFilters as Filters } from "../utils/list-query.ts";
import { kindName } from "./client-error-columns.tsx";

interface ClientErrorFiltersProps {
  value: Filters;
  onChange: (next: Partial<Filters>) => void;
}

/** Kinds and days; each applies at once. */
export function ClientErrorFilters({ value, onChange }: ClientErrorFiltersProps) {
  const { t } = useTranslation("clientErrors");
  return (
    <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={t("filters.timeRange")} htmlFor="client-errors-time-range">
            <DateRangeFilter
              id="client-errors-time-range"
              placeholder={[t("filters.startDate"), t("filters.endDate")]}
              value={value}
              onChange={onChange}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={t("filters.kinds")} htmlFor="client-errors-kinds">
            <Select<ClientErrorKind[]>
              id="client-errors-kinds"
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t("filters.allKinds")}
              value={value.kinds}
              onChange={(kinds) => onChange({ kinds })}
              options={CLIENT_ERROR_KINDS.map((kind) => ({ value: kind, label: kindName(t, kind) }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
