import type { TCheckerDetail } from "@vrf/contract/devices/checkers.ts";
import {
  ALIAS_MAX,
  DEVICE_CODE_MAX,
  isValidAlias,
  isValidDeviceCode,
  isValidSerialNumber,
  SERIAL_NUMBER_MAX,
} from "@vrf/contract/devices/checkers.ts";
import { CHECKER_TYPES } from "@vrf/contract/devices/common.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { inRange, RANGES } from "@vrf/contract/rules.ts";
import { Alert, Button, Col, DatePicker, Flex, Form, Input, InputNumber, Radio, Row } from "antd";
import type { Rule } from "antd/es/form";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { type CheckerFormValues, EMPTY_CHECKER_FORM, fromCheckerDetail } from "../utils/checker-form.ts";
import { BoundUsersField } from "./bound-users-field.tsx";
import { ProjectSelect } from "./project-select.tsx";

/** Server refusals that belong under one field rather than in the alert. */
const FIELD_OF_ERROR: Partial<Record<number, keyof CheckerFormValues>> = {
  [Errors.serialNumberRegistered.errorCode]: "serialNumber",
  [Errors.deviceIdRegistered.errorCode]: "deviceCode",
  [Errors.currentUserCannotBeAdded.errorCode]: "boundEmails",
  [Errors.userNotFound.errorCode]: "boundEmails",
  [Errors.unknownProject.errorCode]: "projectId",
};

interface CheckerFormProps {
  /** The checker being edited; absent when registering a new one. */
  existing?: TCheckerDetail;
  ownEmail: string;
  pending: boolean;
  onSubmit: (values: CheckerFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** Register or edit a Hi-Checker: identity, type, where it is, and who may use it. */
export function CheckerForm({ existing, ownEmail, pending, onSubmit, onCancel }: CheckerFormProps) {
  const { t } = useTranslation(["devices", "errors"]);
  const [form] = Form.useForm<CheckerFormValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const initialValues = useMemo(() => (existing ? fromCheckerDetail(existing) : EMPTY_CHECKER_FORM), [existing]);

  const required = (field: string): Rule => ({
    required: true,
    whitespace: true,
    message: t("form.required", { field }),
  });
  const check = (valid: (v: string) => boolean, message: string): Rule => ({
    validator: (_, value: string | undefined) =>
      !value || valid(value.trim()) ? Promise.resolve() : Promise.reject(new Error(message)),
  });

  const submit = async (values: CheckerFormValues) => {
    setAlert(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF_ERROR[error.errorCode] : undefined;
      const message = errorMessage(t, error);
      if (field) form.setFields([{ name: field, errors: [message] }]);
      else setAlert(message);
    }
  };

  return (
    <Form<CheckerFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={() => setAlert(null)}
      requiredMark
      scrollToFirstError
    >
      <Row gutter={[24, 0]}>
        <Col xs={24} md={12}>
          <Form.Item
            name="deviceCode"
            label={t("form.deviceCode")}
            rules={[required(t("form.deviceCode")), check(isValidDeviceCode, t("form.deviceCodeInvalid"))]}
          >
            <Input placeholder={t("form.deviceCodePlaceholder")} maxLength={DEVICE_CODE_MAX} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="serialNumber"
            label={t("form.serialNumber")}
            rules={[required(t("form.serialNumber")), check(isValidSerialNumber, t("form.serialNumberInvalid"))]}
          >
            <Input placeholder={t("form.serialNumberPlaceholder")} maxLength={SERIAL_NUMBER_MAX} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="alias" label={t("form.alias")} rules={[check(isValidAlias, t("form.aliasInvalid"))]}>
            <Input placeholder={t("form.aliasPlaceholder")} maxLength={ALIAS_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="projectId"
            label={t("form.project")}
            rules={[{ required: true, message: t("form.required", { field: t("form.project") }) }]}
          >
            <ProjectSelect known={existing?.project ?? null} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="checkerType" label={t("form.checkerType")} rules={[{ required: true }]}>
            <Radio.Group
              options={CHECKER_TYPES.map((type) => ({
                value: type,
                label: (
                  <span className="devices-type-option">
                    <span>{t(`checkerType.${type}`)}</span>
                    <small>{t(`checkerTypeHint.${type}`)}</small>
                  </span>
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="installDate" label={t("form.installDate")}>
            <DatePicker style={{ width: "100%" }} format="YYYY-MM-DD" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="systemNumber"
            label={t("form.systemNumber")}
            rules={[
              { required: true, message: t("form.required", { field: t("form.systemNumber") }) },
              {
                validator: (_, value: number | null | undefined) =>
                  value === null || value === undefined || inRange(value, RANGES.systemNumber)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("form.systemNumberRange"))),
              },
            ]}
          >
            <InputNumber
              min={RANGES.systemNumber.min}
              max={RANGES.systemNumber.max}
              precision={0}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="boundEmails" label={t("form.boundUsers")} extra={t("form.boundUsersHelp")}>
            <BoundUsersField
              ownEmail={ownEmail}
              onProblem={(message) => form.setFields([{ name: "boundEmails", errors: message ? [message] : [] }])}
            />
          </Form.Item>
        </Col>
      </Row>
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Flex gap={12} wrap>
        <Button type="primary" htmlType="submit" loading={pending} disabled={pending}>
          {existing ? t("form.submitSave") : t("form.submitRegister")}
        </Button>
        <Button onClick={onCancel} disabled={pending}>
          {t("form.cancel")}
        </Button>
      </Flex>
    </Form>
  );
}
