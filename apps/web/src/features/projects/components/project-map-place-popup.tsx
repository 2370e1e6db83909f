import { Button, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";
import { useMapPlaceProjects } from "../api/use-map-place-projects.ts";

interface ProjectMapPlacePopupProps {
  ids: number[];
  /** How many projects the place has in all (`ids` holds at most MAP_PLACE_MAX of them). */
  count: number;
  onOpenProject: (id: number) => void;
}

/**
 * The popup of a marker that stands for several projects at one place (one address, or a few
 * metres apart): every project by name, with its alarm state, each opening its details.
 */
export function ProjectMapPlacePopup({ ids, count, onOpenProject }: ProjectMapPlacePopupProps) {
  const { t } = useTranslation(["projects", "errors", "common"]);
  const place = useMapPlaceProjects(ids);

  if (place.isPending) {
    return (
      <div className="project-popup project-popup-state" role="status" aria-live="polite">
        <Spin size="small" />
        <span>{t("map.placeLoading", { count })}</span>
      </div>
    );
  }
  if (place.isError) {
    return (
      <div className="project-popup" role="alert">
        <div className="project-popup-row project-popup-alarm">{t("map.placeFailed")}</div>
        <div className="project-popup-row">{errorMessage(t, place.error)}</div>
        <Button size="small" className="project-popup-retry" loading={place.isFetching} onClick={() => place.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  }
  const { list } = place.data;
  const leftOut = count - ids.length;
  return (
    <div className="project-popup project-place-popup">
      <div className="project-popup-name">{t("map.placeTitle", { count })}</div>
      {list.length === 0 ? (
        <div className="project-popup-row">{t("map.placeEmpty")}</div>
      ) : (
        <ul className="project-place-list" aria-label={t("map.placeTitle", { count })}>
          {list.map((project) => (
            <li key={project.id}>
              <button type="button" className="project-place-item" onClick={() => onOpenProject(project.id)}>
                <span
                  className={`project-place-dot ${project.alarmCount > 0 ? "project-place-dot-alarm" : "project-place-dot-normal"}`}
                  aria-hidden="true"
                />
                <span className="project-place-text">
                  <span className="project-place-name">{project.name}</span>
                  <span className="project-place-meta">
                    {project.code}
                    {" · "}
                    {project.alarmCount > 0
                      ? t("map.popupAlarms", { count: project.alarmCount })
                      : t("map.popupNormal")}
                  </span>
                  {project.address ? <span className="project-place-meta">{project.address}</span> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {leftOut > 0 ? <div className="project-popup-row">{t("map.placeMore", { count: leftOut })}</div> : null}
    </div>
  );
}
