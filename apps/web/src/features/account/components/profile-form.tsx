import { type TProfile, ZProfileInput } from "@vrf/contract/account/profile.ts";
import { LANGUAGES } from "@vrf/contract/constants.ts";
import { AutoComplete, Col, Form, type FormInstance, Input, Row, Select } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { contractRule, maxLengthOf } from "../../../lib/contract-rule.ts";
import { currentLanguage, currentLanguageId } from "../../../lib/i18n.ts";
import { useRegions } from "../../../lib/use-regions.ts";

export interface ProfileValues {
  firstName: string;
  surname: string;
  phone: string;
  languageId: number;
  country?: string;
  city: string;
  street: string;
  houseNumber: string;
  zip: string;
}

export const emptyProfile = (): ProfileValues => ({
  firstName: "",
  surname: "",
  phone: "",
  languageId: currentLanguageId(),
  country: undefined,
  city: "",
  street: "",
  houseNumber: "",
  zip: "",
});

/** Form values -> request body: an unset country is sent as "". */
export const toProfileRequest = (values: ProfileValues) => ({
  ...values,
  country: values.country ?? "",
  city: values.city ?? "",
});

interface ProfileFormProps {
  form: FormInstance<ProfileValues>;
  email: string;
  initialValues: ProfileValues;
  disabled: boolean;
  onSubmit: (values: ProfileValues) => void;
  onChange?: () => void;
  /** Alert and buttons at the end of the form. */
  children: ReactNode;
  /** Two columns on wide screens; a drawer wants one. */
  columns?: 1 | 2;
}

const field = ZProfileInput.shape;

/** Chinese names are asked surname first, as people write them. */
const nameOrder = (language: string): readonly ("firstName" | "surname")[] =>
  language === "zh" ? ["surname", "firstName"] : ["firstName", "surname"];

/** Name, contact and address of the signed-in user; the e-mail is the account's and read-only. */
export function ProfileForm({
  form,
  email,
  initialValues,
  disabled,
  onSubmit,
  onChange,
  children,
  columns = 2,
}: ProfileFormProps) {
  const { t } = useTranslation("account");
  const tr = (key: string) => t(key);
  const regions = useRegions(currentLanguageId());
  const country = Form.useWatch("country", form);
  const cities = regions.data?.find((r) => r.code === country)?.children ?? [];
  const half = columns === 2 ? { xs: 24, sm: 12 } : { xs: 24 };

  const text = (name: keyof typeof field, required = false) => ({
    name,
    label: t(`profile.fields.${name}`),
    rules: [
      ...(required ? [{ required: true, whitespace: true, message: t("validation.required") }] : []),
      contractRule(field[name], tr),
    ],
  });

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
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
        {nameOrder(currentLanguage()).map((name) => (
          <Col key={name} {...half}>
            <Form.Item {...text(name, true)}>
              <Input
                autoComplete={name === "firstName" ? "given-name" : "family-name"}
                maxLength={maxLengthOf(field[name])}
              />
            </Form.Item>
          </Col>
        ))}
        <Col {...half}>
          {/* `required` only drops the "(optional)" mark: the address is the account's, not a choice. */}
          <Form.Item label={t("profile.fields.email")} tooltip={t("profile.emailFixed")} required>
            <Input value={email} disabled readOnly />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item {...text("phone")}>
            <Input type="tel" autoComplete="tel" placeholder={t("profile.placeholders.phone")} maxLength={20} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="languageId" label={t("profile.fields.languageId")}>
            <Select options={LANGUAGES.map((l) => ({ value: l.id, label: l.name }))} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="country" label={t("profile.fields.country")}>
            <Select
              showSearch={{ optionFilterProp: "label" }}
              allowClear
              loading={regions.isLoading}
              placeholder={t("profile.placeholders.country")}
              options={(regions.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
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
              placeholder={t("profile.placeholders.city")}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item {...text("zip")}>
            <Input autoComplete="postal-code" maxLength={maxLengthOf(field.zip)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={columns === 2 ? 14 : 24}>
          <Form.Item {...text("street")}>
            <Input autoComplete="address-line1" maxLength={maxLengthOf(field.street)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={columns === 2 ? 10 : 24}>
          <Form.Item {...text("houseNumber")}>
            <Input maxLength={maxLengthOf(field.houseNumber)} />
          </Form.Item>
        </Col>
      </Row>
      {children}
    </Form>
  );
}

/** A saved profile as form values; an empty country shows the placeholder instead of "". */
export const profileValuesOf = (profile: TProfile): ProfileValues => ({
  firstName: profile.firstName,
  surname: profile.surname,
  phone: profile.phone,
  languageId: profile.languageId,
  country: profile.country || undefined,
  city: profile.city,
  street: profile.street,
  houseNumber: profile.houseNumber,
  zip: profile.zip,
});
