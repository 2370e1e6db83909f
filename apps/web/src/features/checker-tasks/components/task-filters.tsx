import { ENDED_TASK_STATUSES, TASK_KINDS, type TTaskKind, type TTaskStatus } from "@vrf/contract/hi-checker/tasks.ts";
import { Col, Form, Input, Row, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateRangeFilter } from "../../../components/date-range-filter.tsx";
import { TASK_KEYWORD_MAX, type TaskListKind, type TaskListState } from "../utils/list-query.ts";
import { CheckerSelect } from "./checker-select.tsx";

interface TaskFiltersProps {
  list: TaskListKind;
  value: TaskListState;
  onChange: (next: Partial<TaskListState>) => void;
}

/**
 * Checker, type and search; the history also by result and created days. Each applies at once,
 * the search on Enter or its button.
 */
export function TaskFilters({ list, value, onChange }: TaskFiltersProps) {
  const { t } = useTranslation("checkerTasks");
  const [keyword, setKeyword] = useState(value.keyword);
  useEffect(() => setKeyword(value.keyword), [value.keyword]);
  const history = list === "ended";
  const id = (name: string) => `checker-tasks-${list}-${name}`;

  return (
    <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} md={12} xl={history ? 6 : 8}>
          <Form.Item label={t("filters.checker")} htmlFor={id("checker")}>
            <CheckerSelect
              id={id("checker")}
              value={value.deviceId}
              onChange={(deviceId) => onChange({ deviceId })}
              placeholder={t("filters.allCheckers")}
              allowClear
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={history ? 4 : 6}>
          <Form.Item label={t("filters.kind")} htmlFor={id("kind")}>
            <Select<TTaskKind>
              id={id("kind")}
              allowClear
              placeholder={t("filters.allKinds")}
              value={value.kind ?? undefined}
              onChange={(kind) => onChange({ kind: kind ?? null })}
              options={TASK_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
            />
          </Form.Item>
        </Col>
        {history && (
          <Col xs={24} md={12} xl={4}>
            <Form.Item label={t("filters.status")} htmlFor={id("status")}>
              <Select<TTaskStatus>
                id={id("status")}
                allowClear
                placeholder={t("filters.allStatuses")}
                value={value.status ?? undefined}
                onChange={(status) => onChange({ status: status ?? null })}
                options={ENDED_TASK_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12} xl={history ? 5 : 10}>
          <Form.Item label={t("filters.keyword")} htmlFor={id("keyword")}>
            <Input.Search
              id={id("keyword")}
              value={keyword}
              maxLength={TASK_KEYWORD_MAX}
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
        {history && (
          <Col xs={24} md={24} xl={5}>
            <Form.Item label={t("filters.createdRange")} htmlFor={id("created")}>
              <DateRangeFilter
                id={id("created")}
                placeholder={[t("filters.startDate"), t("filters.endDate")]}
                value={value}
                onChange={onChange}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
}
