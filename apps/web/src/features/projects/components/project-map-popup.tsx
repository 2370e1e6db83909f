import { Button, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";
import { useProject } from "../api/use-project.ts";

interface ProjectMapPopupProps {
  id: number;
  onOpenProject: (id: number) => void;
}

/**
 * What a marker's popup shows. The map points carry only id, position and alarms, so the
 * name, code and device counts are fetched when the popup opens (and cached with the
 * project's details, so "View details" then opens at once).
 */
export function ProjectMapPopup({ id, onOpenProject }: ProjectMapPopupProps) {
  const { t } = useTranslation(["projects", "errors", "common"]);
  const project = useProject({ id });

  if (project.isPending) {
    return (
      <div className="project-popup project-popup-state" role="status" aria-live="polite">
        <Spin size="small" />
        <span>{t("map.popupLoading")}</span>
      </div>
    );
  }
  if (project.isError) {
    return (
      <div className="project-popup" role="alert">
        <div className="project-popup-row project-popup-alarm">{t("map.popupFailed")}</div>
        <div className="project-popup-row">{errorMessage(t, project.error)}</div>
        <Button
          size="small"
          className="project-popup-retry"
          loading={project.isFetching}
          onClick={() => project.refetch()}
        >
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  }
  const p = project.data;
  return (
    <div className="project-popup">
      <div className="project-popup-name">{p.name}</div>
      <div className="project-popup-code">{p.code}</div>
      <div className="project-popup-row">
        {t("map.popupDevices", {
          himit: p.devices.himit,
          hidom: p.devices.hidom,
          smarttouch: p.devices.smarttouch,
          checker: p.devices.checker,
        })}
      </div>
      <div className={`project-popup-row ${p.alarmCount > 0 ? "project-popup-alarm" : "project-popup-normal"}`}>
        {p.alarmCount > 0 ? t("map.popupAlarms", { count: p.alarmCount }) : t("map.popupNormal")}
      </div>
      <button type="button" className="project-popup-link" onClick={() => onOpenProject(p.id)}>
        {t("map.details")}
      </button>
    </div>
  );
}
