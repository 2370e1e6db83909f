import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "./api-error.ts";

/** The translated text for a failed call (or any thrown value) to show the user. */
export const errorMessage = (t: TFunction, error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.transport === "http") return t("errors:http", { status: error.httpStatus });
    if (error.messageKey !== "errors:unknown") return t(error.messageKey, { defaultValue: t("errors:unknown") });
    return t("errors:unknownCode", { code: error.errorCode });
  }
  return t("errors:unknown");
};

/** SPEC section 8's "Modification failed", followed by why (a save of the user's own data failed). */
export const modificationFailedMessage = (t: TFunction, error: unknown): string =>
  t("errors:modificationFailedBecause", { reason: errorMessage(t, error) });

/** `const errorText = useErrorText(); message.error(errorText(err));` */
export const useErrorText = (): ((error: unknown) => string) => {
  const { t } = useTranslation();
  return useCallback((error: unknown) => errorMessage(t, error), [t]);
};
