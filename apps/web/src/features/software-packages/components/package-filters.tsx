import { PACKAGE_KINDS, type TPackageKind } from "@vrf/contract/hi-checker/software-packages.ts";
import { Col, Form, Input, Row, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PackageListState } from "../utils/list-state.ts";

const KEYWORD_MAX = 64;

/** Kind (applies at once) and a search of version or file name (on Enter or its button). */
export function PackageFilters({
  value,
  onChange,
}: {
  value: PackageListState;
  onChange: (next: Partial<PackageListState>) => void;
}) {
  const { t } = useTranslation("softwarePackages");
  const [keyword, setKeyword] = useState(value.keyword);
  useEffect(() => setKeyword(value.keyword), [value.keyword]);

  return (
    <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} md={8} xl={6}>
          <Form.Item label={t("filters.kind")} htmlFor="software-packages-kind">
            <Select<TPackageKind>
              id="software-packages-kind"
              allowClear
              placeholder={t("filters.allKinds")}
              value={value.kind ?? undefined}
              onChange={(kind) => onChange({ kind: kind ?? null })}
              options={PACKAGE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16} xl={10}>
          <Form.Item label={t("filters.keyword")} htmlFor="software-packages-keyword">
            <Input.Search
              id="software-packages-keyword"
              value={keyword}
              maxLength={KEYWORD_MAX}
              allowClear
              placeholder={t("filters.keywordPlaceholder")}
              onChange={(e) => {
                setKeyword(e.target.value);
                // The clear button empties the box: the list follows at once.
                if (e.target.value === "" && value.keyword !== "") onChange({ keyword: "" });
              }}
              onSearch={(text) => onChange({ keyword: text })}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
