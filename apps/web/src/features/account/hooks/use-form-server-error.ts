import type { FormInstance } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { errorMessage, modificationFailedMessage } from "../../../lib/error-text.ts";

/**
 * A failed save shown where the user looks for it: under the field it is about (wrong old
 * password under the old password), otherwise as the alert above the buttons, which starts
 * with SPEC section 8's "Modification failed" and then says why.
 */
export const useFormServerError = <Field extends string>(
  form: FormInstance,
  fieldsByCode: Partial<Record<number, Field>>,
) => {
  const { t } = useTranslation(["account", "errors"]);
  const [alert, setAlert] = useState<string | null>(null);

  const show = useCallback(
    (error: unknown) => {
      const message = errorMessage(t, error);
      const field = error instanceof ApiError ? fieldsByCode[error.errorCode] : undefined;
      if (field) {
        form.setFields([{ name: field, errors: [message] }]);
        setAlert(null);
      } else {
        setAlert(modificationFailedMessage(t, error));
      }
    },
    [form, fieldsByCode, t],
  );

  const clear = useCallback(() => setAlert(null), []);
  return { alert, show, clear };
};
