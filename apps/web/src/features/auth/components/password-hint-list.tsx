import { CheckCircleFilled, CloseCircleFilled, MinusCircleOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { passwordHints } from "../utils/password-hints.ts";

/** Live checklist of the password rules; neutral until the user has typed something. */
export function PasswordHintList({ value }: { value: string }) {
  const { t } = useTranslation("auth");
  const typed = value.length > 0;
  return (
    <ul className="auth-hints" aria-live="polite">
      {passwordHints(value).map((hint) => {
        const state = !typed ? "" : hint.met ? "is-met" : "is-broken";
        const icon = !typed ? <MinusCircleOutlined /> : hint.met ? <CheckCircleFilled /> : <CloseCircleFilled />;
        return (
          <li key={hint.key} className={state}>
            {icon}
            <span>{t(`passwordHints.${hint.key}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
