import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import type { TFaultCodeEntry } from "@vrf/contract/faults/fault-codes.ts";
import { Button, Card, Col, type ColProps, DatePicker, Flex, Form, Row, Select, type SelectProps } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHasSubDistributors, useOrganisationOptions, useProjectOptions } from "../../../lib/distributor-options.ts";
import { useFaultDeviceOptions } from "../api/use-fault-device-options.ts";
import { useFaultModule } from "../utils/fault-module.ts";
import type { FaultFilterValues } from "../utils/fault-query.ts";

interface FormValues {
  organisationId?: number;
  projectId?: number;
  deviceId?: number;
  code?: string;
  state?: "open" | "repaired";
  range?: [Dayjs | null, Dayjs | null] | null;
}

const toForm = (filters: FaultFilterValues): FormValues => ({
  organisationId: filters.organisationId,
  projectId: filters.projectId,
  deviceId: filters.deviceId,
  code: filters.code,
  state: filters.state,
  range:
    filters.from || filters.to
      ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]
      : null,
});

const fromForm = (values: FormValues): FaultFilterValues => ({
  organisationId: values.organisationId,
  projectId: values.projectId,
  deviceId: values.deviceId,
  code: values.code,
  state: values.state,
  from: values.range?.[0]?.format("YYYY-MM-DD"),
  to: values.range?.[1]?.format("YYYY-MM-DD"),
});

/** Typing in a remote select waits this long before it asks the server. */
const SEARCH_DELAY_MS = 300;

const useDebounced = (value: string): string => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
};

/** Projects matching what the user typed; its own component, so a module without the pick lists never asks. */
function ProjectSelect(props: SelectProps<number>) {
  const { t } = useTranslation("faults");
  const [keyword, setKeyword] = useState("");
  const projects = useProjectOptions(useDebounced(keyword));
  return (
    <Select<number>
      {...props}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t("filters.projectPlaceholder")}
      loading={projects.isFetching}
      options={projects.data?.map((p) => ({ value: p.id, label: `${p.name} · ${p.code}` }))}
      popupMatchSelectWidth={false}
    />
  );
}

interface Layout {
  organisation: ColProps;
  field: ColProps;
  device: ColProps;
  range: ColProps;
  actions: ColProps;
}

/** The columns of the filters, by what the module shows: with or without distributor and project. */
const layoutOf = (pickLists: boolean, showOrganisations: boolean): Layout => {
  if (!pickLists) {
    // Device, code, state and time range: one row with the buttons on a wide screen.
    const field = { xs: 12, sm: 12, lg: 8, xl: 4 };
    return {
      organisation: field,
      field,
      device: { xs: 24, sm: 12, lg: 8, xl: 4 },
      range: { xs: 24, sm: 12, lg: 8, xl: 7 },
      actions: { xs: 24, sm: 12, lg: 16, xl: 5 },
    };
  }
  const field = { xs: 12, sm: 12, lg: 8, xl: showOrganisations ? 5 : 6 };
  return {
    organisation: { xs: 12, sm: 12, lg: 8, xl: 4 },
    field,
    device: field,
    range: { xs: 24, sm: 12, lg: 8, xl: 8 },
    actions: { xs: 24, sm: 12, lg: showOrganisations ? 24 : 8, xl: 16 },
  };
};

interface FaultFilterBarProps {
  filters: FaultFilterValues;
  codes: TFaultCodeEntry[] | undefined;
  onSearch: (filters: FaultFilterValues) => void;
}

/**
 * Distributor, project, device, code, state and time range; the address holds what was searched.
 * Without Distributor Cloud's pick lists (the Hi-Checker module) only device, code, state and time.
 */
export function FaultFilterBar({ filters, codes, onSearch }: FaultFilterBarProps) {
  const { t } = useTranslation("faults");
  const module = useFaultModule();
  const [form] = Form.useForm<FormValues>();
  const [deviceKeyword, setDeviceKeyword] = useState("");
  const projectId = Form.useWatch("projectId", form);
  const deviceId = Form.useWatch("deviceId", form);
  const organisations = useOrganisationOptions(module.pickLists);
  const devices = useFaultDeviceOptions({
    keyword: useDebounced(deviceKeyword),
    projectId,
    selectedId: deviceId ?? filters.deviceId,
  });
  const serialised = JSON.stringify(filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the address, compared by value.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(filters));
  }, [serialised, form]);

  const showOrganisations = useHasSubDistributors(module.pickLists);
  const layout = layoutOf(module.pickLists, showOrganisations);

  return (
    <Card variant="borderless" className="faults-filter-card">
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => onSearch(fromForm(values))}
        onValuesChange={(changed: Partial<FormValues>) => {
          // A device belongs to one project: a new project clears a device chosen for the old one.
          if ("projectId" in changed) form.setFieldValue("deviceId", undefined);
        }}
        className="faults-filter-form"
      >
        <Row gutter={[16, 0]}>
          {showOrganisations && (
            <Col {...layout.organisation}>
              <Form.Item name="organisationId" label={t("filters.organisation")}>
                <Select
                  allowClear
                  placeholder={t("filters.organisationAll")}
                  options={organisations.data?.map((o) => ({
                    value: o.id,
                    label: o.own ? `${o.name} (${t("filters.own")})` : o.name,
                  }))}
                />
              </Form.Item>
            </Col>
          )}
          {module.pickLists && (
            <Col {...layout.field}>
              <Form.Item name="projectId" label={t("filters.project")}>
                <ProjectSelect />
              </Form.Item>
            </Col>
          )}
          <Col {...layout.device}>
            <Form.Item name="deviceId" label={t(module.pickLists ? "filters.device" : "filters.checker")}>
              <Select
                allowClear
                showSearch={{ filterOption: false, onSearch: setDeviceKeyword }}
                placeholder={t("filters.devicePlaceholder")}
                loading={devices.isFetching}
                // A device id from a link that the viewer cannot see has no option to take its label from.
                labelRender={(item) => item.label ?? (devices.isFetching ? "…" : t("filters.unavailable"))}
                options={devices.data?.map((d) => ({
                  value: d.id,
                  label: `${d.serialNumber} · ${t(`kinds.${d.kind}`)}`,
                }))}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
          <Col {...layout.field}>
            <Form.Item name="code" label={t("filters.code")}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: "label" }}
                placeholder={t("filters.codePlaceholder")}
                options={codes?.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
          <Col {...layout.field}>
            <Form.Item name="state" label={t("filters.state")}>
              <Select
                allowClear
                placeholder={t("filters.stateAll")}
                options={[
                  { value: "open", label: t("states.open") },
                  { value: "repaired", label: t("states.repaired") },
                ]}
              />
            </Form.Item>
          </Col>
          <Col {...layout.range}>
            <Form.Item name="range" label={t("filters.timeRange")}>
              <DatePicker.RangePicker
                allowEmpty={[true, true]}
                placeholder={[t("filters.start"), t("filters.end")]}
                disabledDate={(day) => day.isAfter(dayjs().endOf("day"))}
                style={{ width: "100%" }}
              />
            </Form.Item>
          </Col>
          <Col {...layout.actions} className="faults-filter-actions">
            <Flex gap={8} wrap justify="flex-end">
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  form.setFieldsValue(toForm({}));
                  onSearch({});
                }}
              >
                {t("filters.reset")}
              </Button>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t("filters.search")}
              </Button>
            </Flex>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
