import { UserAddOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, Flex, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TEAM_KEY } from "../api/query-keys.ts";
import { useTeamInvitations } from "../api/use-team-invitations.ts";
import { InvitationsPanel } from "../components/invitations-panel.tsx";
import { InviteMemberModal, type InviteValues } from "../components/invite-member-modal.tsx";
import { MembersPanel } from "../components/members-panel.tsx";
import { OrganisationHeader } from "../components/organisation-header.tsx";
import { DEFAULT_GRANT } from "../utils/grants.ts";

const NEW_INVITATION: InviteValues = { email: "", ...DEFAULT_GRANT };

/**
 * teamMembers (Platform Center, team administrators only): the organisation's name and its
 * rename form, the members, and the open invitations.
 */
export default function TeamMembersPage() {
  const { t } = useTranslation("team");
  const queryClient = useQueryClient();
  const [tab, setTab] = useState("members");
  const [inviting, setInviting] = useState<InviteValues | null>(null);
  // Same key as the invitations tab's first page, so the badge and the tab share one request.
  const pending = useTeamInvitations({ pageNum: 1, pageSize: 20 }).data?.total ?? 0;

  return (
    <Flex vertical gap={12}>
      <OrganisationHeader />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key);
            // The other tab may have changed meanwhile (an invitation answered elsewhere).
            void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
          }}
          tabBarExtraContent={
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(NEW_INVITATION)}>
              {t("invite.button")}
            </Button>
          }
          items={[
            { key: "members", label: t("tabs.members"), children: <MembersPanel /> },
            {
              key: "invitations",
              label: (
                <Flex align="center" gap={6}>
                  {t("tabs.invitations")}
                  <Badge count={pending} size="small" />
                </Flex>
              ),
              children: <InvitationsPanel onInviteAgain={setInviting} />,
            },
          ]}
        />
      </Card>
      <InviteMemberModal
        open={inviting !== null}
        initialValues={inviting ?? NEW_INVITATION}
        onClose={() => setInviting(null)}
      />
    </Flex>
  );
}
