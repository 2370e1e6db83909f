import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";

// Rare (an engineer nobody has given a checker yet): antd's Empty loads only then.
const SimpleEmpty = lazy(() => import("../../../components/simple-empty.tsx"));

/** In place of the figures for an account that sees no checker and no task: why, and what brings them. */
export function NoCheckers() {
  const { t } = useTranslation("checkerDashboard");
  return (
    <div className="checker-dash-empty">
      <Suspense fallback={null}>
        <SimpleEmpty description={t("empty.title")} />
      </Suspense>
      <p className="dashboard-secondary">{t("empty.text")}</p>
    </div>
  );
}
