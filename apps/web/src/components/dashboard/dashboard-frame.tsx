import { formatDateTime } from "@vrf/contract/time.ts";
import { Button } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/error-text.ts";
import { StatusNotice } from "../status-notice.tsx";
import { DashboardHeader } from "./dashboard-header.tsx";

/** What the frame reads of the page's figures query (a react-query result). */
interface DashboardQuery<T> {
  data: T | undefined;
  dataUpdatedAt: number;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface DashboardFrameProps<T> {
  /**
   * The module's translation namespace: the frame reads its `heading`, `subheading`, `updated`,
   * `refresh`, `loadFailed` and `retry`, so each module's home keeps its own wording.
   */
  namespace: string;
  /** The page's own class: each module lays its home out on a grid of its own. */
  className: string;
  query: DashboardQuery<T>;
  /** The page's outline while its figures load for the first time. */
  skeleton: ReactNode;
  /** What stands below the header once the figures are there. */
  children: (data: T) => ReactNode;
}

/**
 * The states a module's home shares: the header in every state, and until the first figures
 * arrive either the page's skeleton or, when they failed to load, a notice with a retry button.
 * Later refreshes keep the figures shown, with the header's button spinning.
 */
export function DashboardFrame<T>({ namespace, className, query, skeleton, children }: DashboardFrameProps<T>) {
  const { t } = useTranslation(namespace);
  const errorText = useErrorText();
  const data = query.data;

  return (
    <div className={className}>
      <DashboardHeader
        heading={t("heading")}
        subheading={t("subheading")}
        updated={
          query.dataUpdatedAt > 0 ? t("updated", { time: formatDateTime(query.dataUpdatedAt).slice(11, 16) }) : null
        }
        refreshLabel={t("refresh")}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
      />
      {data !== undefined ? (
        children(data)
      ) : query.isError ? (
        <StatusNotice
          status="warning"
          title={t("loadFailed")}
          subTitle={errorText(query.error)}
          extra={<Button onClick={() => void query.refetch()}>{t("retry")}</Button>}
          className="dashboard-result"
        />
      ) : (
        skeleton
      )}
    </div>
  );
}
