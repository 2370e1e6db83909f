import type { TRollout } from "@vrf/contract/hi-checker/rollouts.ts";
import type { TSoftwarePackage } from "@vrf/contract/hi-checker/software-packages.ts";
import { Card, Tabs, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { NewRolloutDrawer } from "../components/new-rollout-drawer.tsx";
import { PackagesPanel } from "../components/packages-panel.tsx";
import { RolloutDrawer } from "../components/rollout-drawer.tsx";
import { RolloutsPanel } from "../components/rollouts-panel.tsx";
import { type PackageListState, readListState, writeListState } from "../utils/list-state.ts";
import {
  type PageTab,
  type RolloutListState,
  readOpenRollout,
  readRolloutListState,
  readTab,
  showNewRollout,
  withOpenRollout,
  writeRolloutListState,
} from "../utils/page-view.ts";
import "../components/software-packages.css";

/**
 * PCSoftware (Platform Center, Hi-Checker): the organisation's PC software and firmware packages,
 * and the rollouts of its firmware to checkers, each on a tab. The tab, the filters, the page and
 * the open rollout are kept in the address, so a reload or a shared link shows the same.
 */
export default function PcSoftwarePage() {
  const { t } = useTranslation("softwarePackages");
  const [params, setParams] = useSearchParams();
  const serialised = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised query is the identity of the state.
  const view = useMemo(
    () => ({
      tab: readTab(params),
      packages: readListState(params),
      rollouts: readRolloutListState(params),
      openRollout: readOpenRollout(params),
    }),
    [serialised],
  );
  const [rollingOut, setRollingOut] = useState<TSoftwarePackage | null>(null);

  const updatePackages = useCallback(
    (next: Partial<PackageListState>, keepPage = false) =>
      setParams(writeListState({ ...view.packages, ...next, page: keepPage ? (next.page ?? view.packages.page) : 1 }), {
        replace: true,
      }),
    [setParams, view.packages],
  );
  const updateRollouts = useCallback(
    (next: RolloutListState) =>
      setParams(withOpenRollout(writeRolloutListState(next), view.openRollout), { replace: true }),
    [setParams, view.openRollout],
  );
  // Each tab starts on its first page, unfiltered.
  const showTab = (tab: PageTab) =>
    setParams(tab === "rollouts" ? writeRolloutListState({ page: 1, pageSize: 20 }) : new URLSearchParams(), {
      replace: true,
    });
  const openRollout = useCallback(
    (rollout: TRollout) => setParams(withOpenRollout(params, rollout.id), { replace: true }),
    [setParams, params],
  );

  return (
    <Card variant="borderless">
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      <Tabs
        activeKey={view.tab}
        destroyOnHidden
        onChange={(key) => showTab(key as PageTab)}
        items={[
          {
            key: "packages",
            label: t("tabs.packages"),
            children: <PackagesPanel state={view.packages} onChange={updatePackages} onRollOut={setRollingOut} />,
          },
          {
            key: "rollouts",
            label: t("tabs.rollouts"),
            children: (
              <RolloutsPanel
                state={view.rollouts}
                onPage={updateRollouts}
                onOpen={openRollout}
                onShowPackages={() => showTab("packages")}
              />
            ),
          },
        ]}
      />
      <NewRolloutDrawer
        pkg={rollingOut}
        onClose={() => setRollingOut(null)}
        onCreated={(id) => {
          setRollingOut(null);
          setParams(showNewRollout(id), { replace: true });
        }}
      />
      <RolloutDrawer
        rolloutId={view.openRollout}
        onClose={() => setParams(withOpenRollout(params, null), { replace: true })}
      />
    </Card>
  );
}
