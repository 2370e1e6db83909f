import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Card, Col, Flex, Form, type FormInstance, Row } from "antd";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";

export interface FilterField {
  name: string;
  label: string;
  control: ReactNode;
  /** Extra form-item rules (e.g. ranges); a field with an error blocks the search. */
  rules?: import("antd").FormItemProps["rules"];
  /** Wider fields (the search box) take two columns on wide screens. */
  wide?: boolean;
}

interface FilterBarProps<V> {
  form: FormInstance<V>;
  fields: FilterField[];
  /** Current values from the address; the form follows them when they change. */
  values: V;
  onSearch: (values: V) => void;
  onReset: () => void;
}

/** The filters above a list: labelled fields in a responsive grid, Search and Reset. */
export function FilterBar<V extends object>({ form, fields, values, onSearch, onReset }: FilterBarProps<V>) {
  const { t } = useTranslation("devices");
  const serialised = JSON.stringify(values);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the address, compared by value.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [serialised, form]);

  return (
    <Card variant="borderless" className="devices-filter-card">
      <Form form={form} layout="vertical" onFinish={onSearch} className="devices-filter-form">
        <Row gutter={[16, 0]}>
          {fields.map((field) => (
            <Col key={field.name} xs={field.wide ? 24 : 12} sm={12} lg={field.wide ? 12 : 6} xl={field.wide ? 8 : 4}>
              <Form.Item name={field.name} label={field.label} rules={field.rules}>
                {field.control}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Flex justify="flex-end" gap={8} wrap className="devices-filter-actions">
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t("filters.reset")}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t("filters.search")}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
