import { useQueryClient } from "@tanstack/react-query";
import { Empty } from "antd";
import { useTranslation } from "react-i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { type ListPage, PagedListTable, type PagedQuery } from "../../../components/paged-list-table.tsx";
import { TEAM_KEY } from "../api/query-keys.ts";

const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * One of the team's lists (members, invitations): refresh and the column chooser above the paged
 * table. Its texts are `team:<section>.empty`, `.loadFailed` and `.total`.
 */
export function TeamList<T extends { id: number }>(props: {
  section: "members" | "invitations";
  listId: string;
  query: PagedQuery<T>;
  columns: ListColumns<T>;
  page: ListPage;
  onPage: (page: ListPage) => void;
}) {
  const { t } = useTranslation("team");
  const queryClient = useQueryClient();
  const { section, query } = props;
  // Everything of the team at once: a colleague who joined elsewhere changes both lists and the badge.
  const refreshTeam = () => void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
  return (
    <PagedListTable<T>
      toolbar={{ refreshLabel: t("actions.refresh"), onRefresh: refreshTeam }}
      query={query}
      columns={props.columns}
      listId={props.listId}
      page={props.page}
      onPage={props.onPage}
      pageSizes={PAGE_SIZES}
      empty={<Empty description={t(`${section}.empty`)} />}
      failedTitle={t(`${section}.loadFailed`)}
      totalText={(total) => t(`${section}.total`, { count: total })}
    />
  );
}
