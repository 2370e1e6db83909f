import type { FormInstance } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { placeServerError } from "../utils/server-error.ts";

/**
 * Shows a failed call's message where the user will look for it: under the field it is
 * about, otherwise in the alert under the form. `alertCode` lets a page add an action
 * ("Sign in instead") to the alert.
 */
export const useFormServerError = <Field extends string>(
  form: FormInstance,
  fieldsByCode: Partial<Record<number, Field>>,
) => {
  const { t } = useTranslation(["auth", "errors"]);
  const [alert, setAlert] = useState<{ message: string; errorCode: number | null } | null>(null);

  const show = useCallback(
    (error: unknown) => {
      const apiError = error instanceof ApiError ? error : null;
      const placement = placeServerError(apiError, fieldsByCode);
      const message = errorMessage(t, error);
      if (placement.field) {
        form.setFields([{ name: placement.field, errors: [message] }]);
        setAlert(null);
      } else {
        setAlert({ message, errorCode: apiError?.errorCode ?? null });
      }
    },
    [form, fieldsByCode, t],
  );

  const clear = useCallback(() => setAlert(null), []);

  return { alert: alert?.message ?? null, alertCode: alert?.errorCode ?? null, show, clear };
};
