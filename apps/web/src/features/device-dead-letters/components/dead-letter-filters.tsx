import { DEVICE_TOPICS, type TDeviceTopic } from "@vrf/contract/device/protocol.ts";
import { Col, Form, Input, Row, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateRangeFilter } from "../../../components/date-range-filter.tsx";
import { type DeadLetterListState, SERIAL_NUMBER_MAX } from "../utils/list-query.ts";
import { topicName } from "./dead-letter-columns.tsx";

type Filters = Omit<DeadLetterListState, "page" | "pageSize">;

interface DeadLetterFiltersProps {
  value: Filters;
  onChange: (next: Partial<Filters>) => void;
}

/** Serial number, topics and days. Each applies at once; the serial number on Enter or the search button. */
export function DeadLetterFilters({ value, onChange }: DeadLetterFiltersProps) {
  const { t } = useTranslation("deviceDeadLetters");
  // What is typed stays in the box until searched; the address changes only then.
  const [serial, setSerial] = useState(value.serialNumber);
  useEffect(() => setSerial(value.serialNumber), [value.serialNumber]);

  return (
    <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} md={12} xl={6}>
          <Form.Item label={t("filters.serialNumber")} htmlFor="dead-letters-serial">
            <Input.Search
              id="dead-letters-serial"
              value={serial}
              maxLength={SERIAL_NUMBER_MAX}
              allowClear
              placeholder={t("filters.serialNumberPlaceholder")}
              onChange={(e) => {
                setSerial(e.target.value);
                if (e.target.value === "" && value.serialNumber !== "") onChange({ serialNumber: "" });
              }}
              onSearch={(text) => onChange({ serialNumber: text.trim() })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={t("filters.topics")} htmlFor="dead-letters-topics">
            <Select<TDeviceTopic[]>
              id="dead-letters-topics"
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              maxTagCount="responsive"
              placeholder={t("filters.allTopics")}
              value={value.topics}
              onChange={(topics) => onChange({ topics })}
              options={DEVICE_TOPICS.map((topic) => ({ value: topic, label: topicName(t, topic) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={t("filters.timeRange")} htmlFor="dead-letters-time-range">
            <DateRangeFilter
              id="dead-letters-time-range"
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
