import type { SubDistributorStatus } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { Alert, Badge, Button, Card, Flex, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useInvitations } from "../api/use-invitations.ts";
import { InvitationsPanel } from "../components/invitations-panel.tsx";
import { SubDistributorsPanel } from "../components/sub-distributors-panel.tsx";
import { parseStatusParam } from "../utils/link-status.ts";
import { type ManagementTab, parseTabParam } from "../utils/page-tab.ts";

const INVITATIONS_PAGE_SIZE = 10;

/**
 * A sub-distributor's role only reaches its menu when the module is loaded again; the
 * server already treats the account as one. Going to the dashboard and reloading does both.
 */
const reloadModule = () => {
  window.location.hash = "#/agency";
  window.location.reload();
};

/** distributorManagement: the caller's sub-distributors and the invitations addressed to it. */
export default function SubDistributorManagementPage() {
  const { t } = useTranslation("subDistributors");
  const [params, setParams] = useSearchParams();
  const tab = parseTabParam(params.get("tab"));
  const status = parseStatusParam(params.get("status"));
  // Same key as the invitations panel's first page, so both share one request.
  const invitations = useInvitations(1, INVITATIONS_PAGE_SIZE);
  const pending = invitations.data?.total ?? 0;

  const update = (changes: { tab?: ManagementTab; status?: SubDistributorStatus | undefined }) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if ("tab" in changes) {
          if (changes.tab === "invitations") next.set("tab", "invitations");
          else next.delete("tab");
        }
        if ("status" in changes) {
          if (changes.status === undefined) next.delete("status");
          else next.set("status", String(changes.status));
        }
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Flex vertical gap={12}>
      {pending > 0 && tab !== "invitations" && (
        <Alert
          type="info"
          showIcon
          title={t("invitations.alert", { count: pending })}
          action={
            <Button size="small" type="primary" onClick={() => update({ tab: "invitations" })}>
              {t("invitations.view")}
            </Button>
          }
        />
      )}
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: parseTabParam(key) })}
          items={[
            {
              key: "subDistributors",
              label: t("tabs.subDistributors"),
              children: <SubDistributorsPanel status={status} onStatusChange={(s) => update({ status: s })} />,
            },
            {
              key: "invitations",
              label: (
                <Flex align="center" gap={6}>
                  {t("tabs.invitations")}
                  <Badge count={pending} size="small" />
                </Flex>
              ),
              children: <InvitationsPanel onAccepted={reloadModule} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
