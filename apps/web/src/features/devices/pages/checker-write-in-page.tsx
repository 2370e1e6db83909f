import { Card, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { DeviceCredentialsNotice } from "../../../components/device-credentials-notice.tsx";
import { messageApi, noticeDialog } from "../../../lib/feedback.ts";
import { readStorage, StorageKey } from "../../../lib/storage.ts";
import { useCheckerDetail } from "../api/use-checker-detail.ts";
import { useRegisterChecker } from "../api/use-register-checker.ts";
import { useUpdateChecker } from "../api/use-update-checker.ts";
import { CheckerForm } from "../components/checker-form.tsx";
import { DetailLoading, DetailProblem } from "../components/detail-states.tsx";
import { type CheckerFormValues, toCheckerInput } from "../utils/checker-form.ts";
import { CHECKER_LIST_PATH, detailPath, idFromQuery } from "../utils/device-display.ts";
import "../components/devices.css";

/** CheckerWriteIn: register a Hi-Checker, or edit one with `?id=`. */
export default function CheckerWriteInPage() {
  const { t } = useTranslation("devices");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get("id");
  const id = idFromQuery(rawId);
  const [ownEmail] = useState(() => readStorage(StorageKey.account) ?? "");
  const existing = useCheckerDetail(id);
  const register = useRegisterChecker();
  const update = useUpdateChecker();

  if (rawId !== null && id === null)
    return <DetailProblem error={null} listPath={CHECKER_LIST_PATH} onRetry={() => undefined} />;
  if (id !== null && existing.isLoading) return <DetailLoading />;
  if (id !== null && !existing.data) {
    return (
      <DetailProblem error={existing.error} listPath={CHECKER_LIST_PATH} onRetry={() => void existing.refetch()} />
    );
  }

  const save = async (values: CheckerFormValues) => {
    const input = toCheckerInput(values);
    if (id === null) {
      const registered = await register.mutateAsync(input);
      void messageApi().success(t("form.registered"));
      navigate(detailPath("checker", registered.id), { replace: true });
      // The checker's password exists only in this answer: it is shown once, before anything else.
      noticeDialog({
        title: t("common:deviceCredentials.title"),
        width: 560,
        content: <DeviceCredentialsNotice credentials={registered.credentials} />,
      });
      return;
    }
    const saved = await update.mutateAsync({ ...input, id });
    void messageApi().success(t("form.saved"));
    navigate(detailPath("checker", saved.id), { replace: true });
  };

  return (
    <Card variant="borderless" className="devices-card devices-form-card">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {id === null ? t("form.registerTitle") : t("form.editTitle")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("form.intro")}</Typography.Paragraph>
      <CheckerForm
        key={existing.data?.id ?? "new"}
        existing={existing.data}
        ownEmail={ownEmail}
        pending={register.isPending || update.isPending}
        onSubmit={save}
        onCancel={() => navigate(id === null ? CHECKER_LIST_PATH : detailPath("checker", id))}
      />
    </Card>
  );
}
