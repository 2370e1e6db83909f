import { EnvironmentOutlined } from "@ant-design/icons";
import type { TPlace } from "@vrf/contract/projects/place-search.ts";
import {
  ADDRESS_MAX,
  CONTACT_PERSON_MAX,
  PROJECT_NAME_MAX,
  ZAddress,
  ZContactPerson,
  ZContactPhone,
  ZProjectName,
} from "@vrf/contract/projects/project-fields.ts";
import { Button, Col, Form, type FormInstance, Input, InputNumber, Row, Select, Typography } from "antd";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { contractRule } from "../../../lib/contract-rule.ts";
import { currentLanguageId } from "../../../lib/i18n.ts";
import { useRegions } from "../../../lib/use-regions.ts";
import { type MapView, placeView, regionView } from "../utils/map-views.ts";
import { type ProjectFormValues, roundCoordinate } from "../utils/project-form-values.ts";
import { LocationPicker } from "./location-picker.tsx";
import { PlaceSearch } from "./place-search.tsx";

// Emptiness is the `required` rule's to report, once.
const SKIP_EMPTY = { skipEmpty: true };

interface ProjectFormProps {
  form: FormInstance<ProjectFormValues>;
  initialValues: ProjectFormValues;
  /** The project ID on edit; on create it is given by the server. */
  code: string | null;
  organisationName: string | null;
  tileUrl: string | null;
  /** Whether the deployment has a geocoder (GEOCODER_URL): the place search above the map. */
  placeSearch: boolean;
  disabled: boolean;
  onValuesChange: () => void;
  onSubmit: (values: ProjectFormValues) => void;
  children: ReactNode;
}

const half = { xs: 24, md: 12 };

/** Name, contact, address and the location picked on a map. */
export function ProjectForm(props: ProjectFormProps) {
  const { form, initialValues, code, organisationName, tileUrl, placeSearch, disabled, onValuesChange, onSubmit } =
    props;
  const { children } = props;
  const { t } = useTranslation("projects");
  const tr = (key: string) => t(key);
  const regions = useRegions(currentLanguageId());
  const country = Form.useWatch("countryCode", form);
  const latitude = Form.useWatch("latitude", form) ?? null;
  const longitude = Form.useWatch("longitude", form) ?? null;
  const cities = regions.data?.find((r) => r.code === country)?.children ?? [];
  const required = { required: true, whitespace: true, message: t("validation.required") };
  // The map starts at the project's region; choosing another region or a found place moves it there.
  const startView = useMemo(
    () => regionView(regions.data, initialValues.countryCode, initialValues.cityCode),
    [regions.data, initialValues.countryCode, initialValues.cityCode],
  );
  const [requestedView, setRequestedView] = useState<MapView | null>(null);

  const choosePlace = (place: TPlace) => {
    pick(roundCoordinate(place.latitude), roundCoordinate(place.longitude));
    setRequestedView(placeView(place));
  };

  const pick = (lat: number | null, lng: number | null) => {
    form.setFieldsValue({ latitude: lat, longitude: lng });
    void form.validateFields(["latitude", "longitude"]).catch(() => undefined);
    onValuesChange();
  };

  // Both or neither: the other half of a pair is re-checked when one changes.
  const pairRule = (other: "latitude" | "longitude") => ({
    validator: (_: unknown, value: number | null | undefined) => {
      const partner = form.getFieldValue(other) as number | null | undefined;
      const has = value !== null && value !== undefined;
      const partnerHas = partner !== null && partner !== undefined;
      return has || !partnerHas ? Promise.resolve() : Promise.reject(new Error(t("validation.coordinatesIncomplete")));
    },
  });

  return (
    <Form<ProjectFormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={initialValues}
      disabled={disabled}
      onFinish={onSubmit}
      onValuesChange={(changed: Partial<ProjectFormValues>) => {
        if ("countryCode" in changed) form.setFieldValue("cityCode", undefined);
        if ("countryCode" in changed || "cityCode" in changed) {
          const view = regionView(regions.data, form.getFieldValue("countryCode"), form.getFieldValue("cityCode"));
          if (view) setRequestedView(view);
        }
        onValuesChange();
      }}
      scrollToFirstError
    >
      <h3 className="project-form-section">{t("form.basics")}</h3>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="name"
            label={t("fields.name")}
            rules={[required, contractRule(ZProjectName, tr, SKIP_EMPTY)]}
          >
            <Input maxLength={PROJECT_NAME_MAX} placeholder={t("placeholders.name")} showCount />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t("fields.code")} tooltip={code ? t("form.codeFixed") : undefined}>
            <Input value={code ?? ""} placeholder={t("form.codeAuto")} readOnly disabled aria-readonly />
          </Form.Item>
        </Col>
        {organisationName ? (
          <Col {...half}>
            <Form.Item label={t("fields.organisation")}>
              <Input value={organisationName} readOnly disabled />
            </Form.Item>
          </Col>
        ) : null}
      </Row>

      <h3 className="project-form-section">{t("form.contact")}</h3>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="contactPerson"
            label={t("fields.contactPerson")}
            rules={[required, contractRule(ZContactPerson, tr, SKIP_EMPTY)]}
          >
            <Input maxLength={CONTACT_PERSON_MAX} autoComplete="name" placeholder={t("placeholders.contactPerson")} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="contactPhone"
            label={t("fields.contactPhone")}
            rules={[required, contractRule(ZContactPhone, tr, SKIP_EMPTY)]}
          >
            <Input type="tel" maxLength={24} autoComplete="tel" placeholder={t("placeholders.contactPhone")} />
          </Form.Item>
        </Col>
      </Row>

      <h3 className="project-form-section">{t("form.place")}</h3>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="countryCode" label={t("fields.country")}>
            <Select
              showSearch={{ optionFilterProp: "label" }}
              allowClear
              loading={regions.isLoading}
              placeholder={t("placeholders.country")}
              options={(regions.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="cityCode" label={t("fields.city")}>
            <Select
              showSearch={{ optionFilterProp: "label" }}
              allowClear
              disabled={disabled || !country}
              placeholder={country ? t("placeholders.city") : t("placeholders.cityFirst")}
              options={cities.map((c) => ({ value: c.code, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t("fields.address")} rules={[contractRule(ZAddress, tr, SKIP_EMPTY)]}>
            <Input maxLength={ADDRESS_MAX} autoComplete="street-address" placeholder={t("placeholders.address")} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="latitude"
            label={t("fields.latitude")}
            dependencies={["longitude"]}
            rules={[pairRule("longitude")]}
          >
            <InputNumber
              precision={6}
              min={-90}
              max={90}
              step={0.000001}
              style={{ width: "100%" }}
              placeholder={t("placeholders.latitude")}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="longitude"
            label={t("fields.longitude")}
            dependencies={["latitude"]}
            rules={[pairRule("latitude")]}
          >
            <InputNumber
              precision={6}
              min={-180}
              max={180}
              step={0.000001}
              style={{ width: "100%" }}
              placeholder={t("placeholders.longitude")}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label=" " colon={false} className="project-form-clear-location">
            <Button
              icon={<EnvironmentOutlined />}
              onClick={() => pick(null, null)}
              disabled={disabled || (latitude === null && longitude === null)}
              block
            >
              {t("form.clearLocation")}
            </Button>
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t("form.mapHint")} {tileUrl ? null : t("form.noTilesHint")}
          </Typography.Paragraph>
          {placeSearch ? <PlaceSearch countryCode={country} disabled={disabled} onChoose={choosePlace} /> : null}
          <LocationPicker
            latitude={latitude}
            longitude={longitude}
            tileUrl={tileUrl}
            disabled={disabled}
            onPick={pick}
            label={t("fields.location")}
            startView={startView}
            requestedView={requestedView}
          />
        </Col>
      </Row>
      {children}
    </Form>
  );
}
