import { ZProfileInput } from "@vrf/contract/account/profile.ts";
import { LANGUAGES } from "@vrf/contract/constants.ts";
import { AutoComplete, Col, Form, type FormInstance, Input, Row, Select } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { contractRule, maxLengthOf } from "../../../lib/contract-rule.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useRegions } from "../../../lib/use-regions.ts";

export interface ProfileValues {
  firstName: string;
  surname: string;
  phone: string;
  languageId: number;
  country: string;
  city: string;
  street: string;
  houseNumber: string;
  zip: string;
}

interface ProfileFormProps {
  form: FormInstance<ProfileValues>;
  email: string;
  uiLanguageId: number;
  initialValues: Partial<ProfileValues>;
  disabled: boolean;
  onSubmit: (values: ProfileValues) => void;
  onChange?: () => void;
  /** Alert and buttons, rendered at the end of the form. */
  children: ReactNode;
}

const field = ZProfileInput.shape;

/** Chinese names are asked surname first, as people write them. */
const nameOrder = (language: string): readonly ("firstName" | "surname")[] =>
  language === "zh" ? ["surname", "firstName"] : ["firstName", "surname"];

/** The personal details asked for at the end of registration. */
export function ProfileForm({
  form,
  email,
  uiLanguageId,
  initialValues,
  disabled,
  onSubmit,
  onChange,
  children,
}: ProfileFormProps) {
  const { t } = useTranslation("auth");
  const tr = (key: string) => t(key);
  const regions = useRegions(uiLanguageId);
  const country = Form.useWatch("country", form);
  const cities = regions.data?.find((r) => r.code === country)?.children ?? [];

  const text = (name: keyof typeof field, required = false) => ({
    name,
    label: t(`profile.${name}`),
    rules: [
      ...(required ? [{ required: true, whitespace: true, message: t("validation.required") }] : []),
      contractRule(field[name], tr),
    ],
  });

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark="optional"
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={(changed: Partial<ProfileValues>) => {
        if ("country" in changed) form.setFieldValue("city", "");
        onChange?.();
      }}
      disabled={disabled}
    >
      <Row gutter={16}>
        {nameOrder(currentLanguage()).map((name, index) => (
          <Col key={name} xs={24} sm={12}>
            <Form.Item {...text(name, true)}>
              <Input
                autoComplete={name === "firstName" ? "given-name" : "family-name"}
                maxLength={maxLengthOf(field[name])}
                autoFocus={index === 0}
              />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12}>
          {/* `required` only drops the "(optional)" mark: the address is the account's, not a choice. */}
          <Form.Item label={t("profile.email")} tooltip={t("profile.emailFixed")} required>
            <Input value={email} disabled readOnly />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...text("phone")}>
            <Input type="tel" autoComplete="tel" placeholder={t("placeholders.phone")} maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="languageId" label={t("profile.language")}>
            <Select options={LANGUAGES.map((l) => ({ value: l.id, label: l.name }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="country" label={t("profile.country")}>
            <Select
              showSearch={{ optionFilterProp: "label" }}
              allowClear
              loading={regions.isLoading}
              placeholder={t("placeholders.country")}
              options={(regions.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...text("city")}>
            <AutoComplete
              options={cities.map((c) => ({ value: c.name }))}
              maxLength={maxLengthOf(field.city)}
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.value ?? "")
                    .toLowerCase()
                    .includes(input.toLowerCase()),
              }}
              placeholder={t("placeholders.city")}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...text("zip")}>
            <Input autoComplete="postal-code" maxLength={maxLengthOf(field.zip)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item {...text("street")}>
            <Input autoComplete="address-line1" maxLength={maxLengthOf(field.street)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item {...text("houseNumber")}>
            <Input maxLength={maxLengthOf(field.houseNumber)} />
          </Form.Item>
        </Col>
      </Row>
      {children}
    </Form>
  );
}
