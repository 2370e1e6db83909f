import type { TDeviceDeadLetter } from "@vrf/contract/device-dead-letters/list.ts";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FilteredListPage } from "../../../components/filtered-list-page.tsx";
import type { ListPage } from "../../../components/paged-list-table.tsx";
import { useNow } from "../../../lib/relative-time.ts";
import { useDeviceDeadLetters } from "../api/use-device-dead-letters.ts";
import { deadLetterColumns } from "../components/dead-letter-columns.tsx";
import { DeadLetterDrawer } from "../components/dead-letter-drawer.tsx";
import { DeadLetterFilters } from "../components/dead-letter-filters.tsx";
import {
  type DeadLetterListState,
  hasFilters,
  NO_FILTERS,
  PAGE_SIZES,
  readListState,
  toListRequest,
  writeListState,
} from "../utils/list-query.ts";
import "../components/dead-letters.css";

/**
 * deviceDeadLetters: the messages the organisation's devices sent that the database refused, newest
 * first, paged on the server. The filters and the page are kept in the address, so a reload or a link
 * sent to a colleague shows the same rows.
 */
export default function DeviceDeadLettersPage() {
  const { t } = useTranslation(["deviceDeadLetters", "common"]);
  const [params, setParams] = useSearchParams();
  const serialised = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised query is the identity of the state.
  const state = useMemo(() => readListState(params), [serialised]);
  const request = useMemo(() => toListRequest(state), [state]);
  const letters = useDeviceDeadLetters(request);
  const [opened, setOpened] = useState<TDeviceDeadLetter | null>(null);
  // One clock for every row's "5 min ago".
  const now = useNow();
  const columns = useMemo(() => deadLetterColumns(t, now, setOpened), [t, now]);

  const update = useCallback(
    (next: Partial<DeadLetterListState>) => setParams(writeListState({ ...state, ...next }), { replace: true }),
    [setParams, state],
  );
  // New filters start again at page 1.
  const filter = (next: Partial<DeadLetterListState>) => update({ ...next, page: 1 });
  const onPage = (page: ListPage) => update({ page: page.pageNum, pageSize: page.pageSize });

  return (
    <FilteredListPage<TDeviceDeadLetter>
      namespace="deviceDeadLetters"
      filters={<DeadLetterFilters value={state} onChange={filter} />}
      filtered={hasFilters(state)}
      onResetFilters={() => filter(NO_FILTERS)}
      query={letters}
      columns={columns}
      listId="device-dead-letters"
      page={{ pageNum: state.page, pageSize: state.pageSize }}
      onPage={onPage}
      pageSizes={PAGE_SIZES}
    >
      <DeadLetterDrawer letter={opened} onClose={() => setOpened(null)} />
    </FilteredListPage>
  );
}
