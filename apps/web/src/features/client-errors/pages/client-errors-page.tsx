import type { TClientError } from "@vrf/contract/client-errors/list.ts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilteredListPage } from "../../../components/filtered-list-page.tsx";
import { useClientErrors } from "../api/use-client-errors.ts";
import { clientErrorColumns } from "../components/client-error-columns.tsx";
import { ClientErrorDrawer } from "../components/client-error-drawer.tsx";
import { ClientErrorFilters } from "../components/client-error-filters.tsx";
import {
  type ClientErrorFilters as Filters,
  hasFilters,
  NO_FILTERS,
  PAGE_SIZES,
  toFilterRequest,
} from "../utils/list-query.ts";

/** clientErrors: the web app's errors in the browsers of the organisation's users, newest first, paged on the server. */
export default function ClientErrorsPage() {
  const { t } = useTranslation(["clientErrors", "common"]);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [opened, setOpened] = useState<TClientError | null>(null);
  const filterRequest = useMemo(() => toFilterRequest(filters), [filters]);
  const errors = useClientErrors({ ...page, ...filterRequest });
  const columns = useMemo(() => clientErrorColumns(t, setOpened), [t]);
  const filtered = hasFilters(filters);

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  return (
    <FilteredListPage<TClientError>
      namespace="clientErrors"
      filters={<ClientErrorFilters value={filters} onChange={change} />}
      filtered={filtered}
      onResetFilters={() => change(NO_FILTERS)}
      query={errors}
      columns={columns}
      listId="client-errors"
      page={page}
      onPage={setPage}
      pageSizes={PAGE_SIZES}
    >
      <ClientErrorDrawer error={opened} onClose={() => setOpened(null)} />
    </FilteredListPage>
  );
}
