import { PlusOutlined } from "@ant-design/icons";
import { BOUND_USERS_MAX } from "@vrf/contract/devices/checkers.ts";
import { Button, Input, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type BoundEmailProblem, boundEmailProblem, normaliseEmail } from "../utils/bound-users.ts";

const PROBLEM_KEYS: Record<BoundEmailProblem, string> = {
  invalid: "form.emailInvalid",
  self: "form.emailSelf",
  duplicate: "form.emailDuplicate",
  tooMany: "form.tooManyUsers",
};

interface BoundUsersFieldProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** The signed-in user's e-mail, who may not bind themselves. */
  ownEmail: string;
  /** Reports why the typed address was not added (null once it was). */
  onProblem: (message: string | null) => void;
}

/** Bound users as e-mail tags: type an address, press Enter or Add; remove with the tag's close. */
export function BoundUsersField({ id, value = [], onChange, ownEmail, onProblem }: BoundUsersFieldProps) {
  const { t } = useTranslation("devices");
  const [draft, setDraft] = useState("");

  const add = () => {
    if (!draft.trim()) return;
    const problem = boundEmailProblem(draft, value, ownEmail);
    if (problem) {
      onProblem(t(PROBLEM_KEYS[problem], { max: BOUND_USERS_MAX }));
      return;
    }
    onChange?.([...value, normaliseEmail(draft)]);
    setDraft("");
    onProblem(null);
  };

  return (
    <div>
      <Space.Compact style={{ width: "100%", maxWidth: 480 }}>
        <Input
          id={id}
          type="email"
          value={draft}
          placeholder={t("form.boundEmailPlaceholder")}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            add();
          }}
          maxLength={254}
        />
        <Button icon={<PlusOutlined />} onClick={add}>
          {t("form.add")}
        </Button>
      </Space.Compact>
      {value.length > 0 && (
        <div className="devices-bound-list">
          {value.map((email) => (
            <Tag
              key={email}
              closable={{ "aria-label": t("form.remove", { email }) }}
              onClose={(e) => {
                e.preventDefault();
                onChange?.(value.filter((v) => v !== email));
              }}
            >
              {email}
            </Tag>
          ))}
        </div>
      )}
    </div>
  );
}
