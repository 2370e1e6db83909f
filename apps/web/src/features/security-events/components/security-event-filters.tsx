import { KEYWORD_MAX } from "@vrf/contract/rules.ts";
import { SECURITY_EVENT_TYPES, type SecurityEventType } from "@vrf/contract/security-events/event-types.ts";
import { Col, Form, Input, Row, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateRangeFilter } from "../../../components/date-range-filter.tsx";
import { useSecurityEventAccounts } from "../api/use-security-event-accounts.ts";
import { eventTypeName } from "../utils/event-detail.ts";
import type { SecurityEventFilters as Filters } from "../utils/list-query.ts";

interface SecurityEventFiltersProps {
  value: Filters;
  onChange: (next: Partial<Filters>) => void;
}

/** User, e-mail, event types and days. Each applies at once; the e-mail on Enter or the search button. */
export function SecurityEventFilters({ value, onChange }: SecurityEventFiltersProps) {
  const { t } = useTranslation("securityEvents");
  const accounts = useSecurityEventAccounts();
  const [email, setEmail] = useState(value.email);
  useEffect(() => setEmail(value.email), [value.email]);

  return (
    <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} md={12} xl={5}>
          <Form.Item label={t("filters.user")} htmlFor="security-user">
            <Select
              id="security-user"
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              placeholder={t("filters.allUsers")}
              loading={accounts.isPending}
              value={value.accountId ?? undefined}
              onChange={(v: number | undefined) => onChange({ accountId: v ?? null })}
              options={(accounts.data?.list ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.email})` }))}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={5}>
          <Form.Item label={t("filters.email")} htmlFor="security-email">
            <Input.Search
              id="security-email"
              value={email}
              maxLength={KEYWORD_MAX}
              allowClear
              placeholder={t("filters.emailPlaceholder")}
              onChange={(e) => {
                setEmail(e.target.value);
                if (e.target.value === "" && value.email !== "") onChange({ email: "" });
              }}
              onSearch={(text) => onChange({ email: text.trim() })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={t("filters.types")} htmlFor="security-types">
            <Select<SecurityEventType[]>
              id="security-types"
              mode="multiple"
              allowClear
              // Fourteen kinds and counting: typing a part of the name finds one.
              showSearch={{ optionFilterProp: "label" }}
              maxTagCount="responsive"
              placeholder={t("filters.allTypes")}
              value={value.types}
              onChange={(types) => onChange({ types })}
              options={SECURITY_EVENT_TYPES.map((type) => ({ value: type, label: eventTypeName(t, type) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label={t("filters.timeRange")} htmlFor="security-time-range">
            <DateRangeFilter
              id="security-time-range"
              placeholder={[t("filters.startDate"), t("filters.endDate")]}
              value={value}
              onChange={onChange}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
