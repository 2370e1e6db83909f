import { AimOutlined, EnvironmentOutlined } from "@ant-design/icons";
import type { TProjectMapPoint } from "@vrf/contract/projects/project-map.ts";
import { Button, Flex, Input, Result, Select, Spin, Statistic, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/error-text.ts";
import { useMapConfig } from "../api/use-map-config.ts";
import { useProjectMapPoints } from "../api/use-project-map-points.ts";
import { useProjectsLive } from "../api/use-projects-live.ts";
import { type ClusterMapText, ProjectClusterMap } from "../components/project-cluster-map.tsx";
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

const EMPTY: readonly TProjectMapPoint[] = [];

/**
 * projectMap: every project in reach as clustered markers, red where faults are open. The
 * points are compact rows (id, position, alarms) for all of the filters at once, clustered in
 * the browser; a marker's popup fetches its project's name, code and device counts.
 */
export default function ProjectMapPage() {
  const { t } = useTranslation(["projects", "errors"]);
  const navigate = useNavigate();
  const [filters, setFilters] = useState<MapFilters>({});
  const [keyword, setKeyword] = useState("");
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
      label: t("map.title"),
    }),
    [t],
  );
  const openProject = useCallback((id: number) => navigate(projectDetailPath(id)), [navigate]);
  const renderPopup = useCallback(
    (id: number) => <ProjectMapPopup id={id} onOpenProject={openProject} />,
    [openProject],
  );

  const change = (next: MapFilters) =>
    setFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== "")));

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
            onSearch={(value) => change({ ...filters, keyword: value.trim() || undefined })}
            placeholder={t("placeholders.keyword")}
            aria-label={t("placeholders.keyword")}
            allowClear
            maxLength={100}
            className="project-map-search"
          />
          {hasSubDistributors ? (
            <Select
              value={filters.organisationId}
              onChange={(value?: number) => change({ ...filters, organisationId: value })}
              options={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              placeholder={t("placeholders.distributor")}
              aria-label={t("fields.organisation")}
              allowClear
              className="project-map-select"
            />
          ) : null}
          <Select
            value={filters.alarmState}
            onChange={(value?: "alarm" | "normal") => change({ ...filters, alarmState: value })}
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
