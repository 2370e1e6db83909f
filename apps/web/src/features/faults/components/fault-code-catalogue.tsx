import { SearchOutlined } from "@ant-design/icons";
import type { TFaultCodeEntry } from "@vrf/contract/faults/fault-codes.ts";
import { Button, Card, Empty, Flex, Input, Result, Table, Typography } from "antd";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { checkSteps } from "../utils/fault-display.ts";
import { SeverityTag } from "./severity-tag.tsx";

interface FaultCodeCatalogueProps {
  codes: TFaultCodeEntry[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (code: string) => void;
}

const matches = (entry: TFaultCodeEntry, keyword: string): boolean => {
  const k = keyword.trim().toLowerCase();
  return !k || entry.code.toLowerCase().includes(k) || entry.name.toLowerCase().includes(k);
};

/** Every fault code with its name and first checks; the catalogue is small, so it is searched here. */
export function FaultCodeCatalogue({ codes, loading, error, onRetry, onOpen }: FaultCodeCatalogueProps) {
  const { t } = useTranslation("faults");
  const errorText = useErrorText();
  const [keyword, setKeyword] = useState("");
  const deferred = useDeferredValue(keyword);
  const shown = useMemo(() => (codes ?? []).filter((entry) => matches(entry, deferred)), [codes, deferred]);

  if (error && !codes) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t("catalogue.loadFailed")}
          subTitle={errorText(error)}
          extra={<Button onClick={onRetry}>{t("actions.retry")}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card variant="borderless" className="faults-table-card">
      <Flex justify="space-between" align="center" gap={12} wrap className="faults-table-toolbar">
        <div>
          <Typography.Text type="secondary">{t("catalogue.intro")}</Typography.Text>
          {codes && <span className="faults-table-count">{t("catalogue.count", { count: shown.length })}</span>}
        </div>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t("catalogue.search")}
          aria-label={t("catalogue.search")}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          className="faults-catalogue-search"
        />
      </Flex>
      <Table<TFaultCodeEntry>
        rowKey="code"
        size="middle"
        loading={loading}
        dataSource={shown}
        pagination={false}
        scroll={{ x: 900 }}
        onRow={(entry) => ({ onClick: () => onOpen(entry.code), className: "faults-catalogue-row" })}
        locale={{
          emptyText: loading ? (
            " "
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("catalogue.empty", { keyword })} />
          ),
        }}
        columns={[
          {
            key: "code",
            title: t("catalogue.code"),
            dataIndex: "code",
            width: 90,
            fixed: "left",
            render: (code: string) => <span className="faults-code-badge faults-code-badge-small">{code}</span>,
          },
          { key: "name", title: t("catalogue.name"), dataIndex: "name", width: 280 },
          {
            key: "severity",
            title: t("catalogue.severity"),
            dataIndex: "severity",
            width: 110,
            render: (severity: string) => <SeverityTag severity={severity} />,
          },
          {
            key: "checks",
            title: t("catalogue.checks"),
            dataIndex: "checks",
            render: (checks: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }} type="secondary">
                {checkSteps(checks).join(" · ")}
              </Typography.Paragraph>
            ),
          },
          {
            key: "details",
            title: "",
            width: 90,
            align: "right",
            render: (_, entry) => (
              <Button
                type="link"
                size="small"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(entry.code);
                }}
              >
                {t("catalogue.details")}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
