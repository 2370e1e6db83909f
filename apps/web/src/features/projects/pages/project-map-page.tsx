import { AimOutlined, EnvironmentOutlined } from "@ant-design/icons";
import type { TProjectMapPoint } from "@vrf/contract/projects/project-map.ts";
import { Button, Flex, Input, Result, Select, Spin, Statistic, Typography } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/error-text.ts";
import { useMapConfig } from "../api/use-map-config.ts";
import { useProjectMapPoints } from "../api/use-project-map-points.ts";
import { useProjectsLive } from "../api/use-projects-live.ts";
import { type ClusterMapText, type MapPopupContent, ProjectClusterMap } from "../components/project-cluster-map.tsx";
import { ProjectMapPlacePopup } from "../components/project-map-place-popup.tsx";
import { ProjectMapPopup } from "../components/project-map-popup.tsx";
import { projectDetailPath } from "../utils/device-routes.ts";
import { summarise } from "../utils/map-clusters.ts";
import "../components/project-map-page.css";
import { useHasSubDistributors, useOrganisationOptions } from "../../../lib/distributor-options.ts";
import { showsLoading } from "../../../lib/query-loading.ts";

interface MapFilters {
  keyword?: string;
  organisationId?: number;
  alarmState?: "alarm" | "normal";
}
type SelectFilters = Omit<MapFilters, "keyword">;

const EMPTY: readonly TProjectMapPoint[] = [];
/** Typing pauses this long before the map asks for the new search; Enter asks at once. */
const SEARCH_DELAY_MS = 300;

/**
 * projectMap: every project in reach as clustered markers, red where faults are open. The
 * points (id, position, alarms) come for all of the filters at once, as compact columns decoded
 * once per answer (useProjectMapPoints), and are clustered in the browser; a marker's popup
 * fetches its project's name, code and device counts.
 */
export default function ProjectMapPage() {
  const { t } = useTranslation(["projects", "errors"]);
  const navigate = useNavigate();
  // The search box's text, and the search the map shows: the text once typing pauses (or at
  // once on Enter, the search button or clearing), so the map always follows what the box says.
  const [keyword, setKeyword] = useState("");
  const [searched, setSearched] = useState("");
  const [selects, setSelects] = useState<SelectFilters>({});
  useEffect(() => {
    const timer = setTimeout(() => setSearched(keyword.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  const filters = useMemo<MapFilters>(
    () => (searched ? { ...selects, keyword: searched } : selects),
    [searched, selects],
  );
  const [fitRequest, setFitRequest] = useState(0);
  const mapConfig = useMapConfig();
  const organisations = useOrganisationOptions();
  const hasSubDistributors = useHasSubDistributors();
  const points = useProjectMapPoints(filters);
  useProjectsLive();
  const list = points.data?.points ?? EMPTY;
  const summary = useMemo(() => summarise(list), [list]);
  const loaded = points.data !== undefined;

  const text = useMemo<ClusterMapText>(
    () => ({
      cluster: (count, alarms) => t("map.clusterLabel", { count, alarms }),
      place: (count, alarms) => t("map.placeLabel", { count, alarms }),
      label: t("map.title"),
    }),
    [t],
  );
  const openProject = useCallback((id: number) => navigate(projectDetailPath(id)), [navigate]);
  const renderPopup = useCallback(
    (content: MapPopupContent) =>
      content.kind === "project" ? (
        <ProjectMapPopup id={content.id} onOpenProject={openProject} />
      ) : (
        <ProjectMapPlacePopup ids={content.ids} count={content.count} onOpenProject={openProject} />
      ),
    [openProject],
  );

  const changeSelects = (next: SelectFilters) =>
    setSelects(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)));

  return (
    <div className="project-map-page">
      <header className="project-map-header">
        <Flex align="center" gap={10} className="project-map-heading">
          <EnvironmentOutlined className="project-map-heading-icon" />
          <div>
            <Typography.Title level={4} style={{ margin: 0, lineHeight: 1.3 }}>
              {t("map.title")}
            </Typography.Title>
            <Typography.Text type="secondary" className="project-map-subtitle">
              {t("map.subtitle")}
            </Typography.Text>
          </div>
        </Flex>
        <Flex gap={24} className="project-map-stats" wrap>
          <Statistic title={t("map.projects")} value={loaded ? summary.projects : "-"} />
          <Statistic
            title={t("map.alarmProjects")}
            value={loaded ? summary.alarmProjects : "-"}
            styles={{ content: { color: summary.alarmProjects > 0 ? "#cf1322" : undefined } }}
          />
          <Statistic title={t("map.openFaults")} value={loaded ? summary.openFaults : "-"} />
        </Flex>
        <Flex gap={8} wrap className="project-map-filters" role="search">
          <Input.Search
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => {
              setKeyword(value);
              setSearched(value.trim());
            }}
            placeholder={t("placeholders.keyword")}
            aria-label={t("placeholders.keyword")}
            allowClear
            maxLength={100}
            className="project-map-search"
          />
          {hasSubDistributors ? (
            <Select
              value={selects.organisationId}
              onChange={(value?: number) => changeSelects({ ...selects, organisationId: value })}
              options={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              placeholder={t("placeholders.distributor")}
              aria-label={t("fields.organisation")}
              allowClear
              className="project-map-select"
            />
          ) : null}
          <Select
            value={selects.alarmState}
            onChange={(value?: "alarm" | "normal") => changeSelects({ ...selects, alarmState: value })}
            options={[
              { value: "alarm", label: t("alarm.alarm") },
              { value: "normal", label: t("alarm.normal") },
            ]}
            placeholder={t("placeholders.alarmState")}
            aria-label={t("fields.alarmCount")}
            allowClear
            className="project-map-select"
          />
        </Flex>
      </header>

      <section className="project-map-canvas">
        {mapConfig.isLoading ? null : (
          <ProjectClusterMap
            points={list}
            tileUrl={mapConfig.data?.tileUrl ?? null}
            text={text}
            renderPopup={renderPopup}
            fitKey={`${JSON.stringify(filters)}|${points.isSuccess && !points.isPlaceholderData}`}
            fitRequest={fitRequest}
          />
        )}
        <div className="project-map-legend" aria-hidden="true">
          <span>
            <i className="project-map-dot project-map-dot-alarm" />
            {t("map.legendAlarm")}
          </span>
          <span>
            <i className="project-map-dot project-map-dot-normal" />
            {t("map.legendNormal")}
          </span>
          {points.data && points.data.unlocated > 0 ? (
            <span className="project-map-unlocated">{t("map.unlocated", { count: points.data.unlocated })}</span>
          ) : null}
        </div>
        <Button className="project-map-fit" icon={<AimOutlined />} onClick={() => setFitRequest((n) => n + 1)}>
          {t("map.fit")}
        </Button>
        {showsLoading(points) && !points.isError ? (
          <div className="project-map-overlay project-map-overlay-quiet">
            <Spin />
          </div>
        ) : null}
        {points.isError && !points.data ? (
          <div className="project-map-overlay">
            <Result
              status="warning"
              title={t("map.loadFailed")}
              subTitle={errorMessage(t, points.error)}
              extra={<Button onClick={() => points.refetch()}>{t("common:actions.retry")}</Button>}
            />
          </div>
        ) : null}
        {loaded && list.length === 0 && !points.isFetching ? (
          <div className="project-map-overlay project-map-overlay-quiet">
            <div className="project-map-empty">{t("map.empty")}</div>
          </div>
        ) : null}
      </section>
    </div>
  );
}
