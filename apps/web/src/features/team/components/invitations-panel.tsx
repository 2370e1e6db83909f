import type { TTeamInvitation } from "@vrf/contract/team/team.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { App, Button, Flex, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { useCancelInvitation } from "../api/use-cancel-invitation.ts";
import { useTeamInvitations } from "../api/use-team-invitations.ts";
import { modulesOf } from "../utils/grants.ts";
import type { InviteValues } from "./invite-member-modal.tsx";
import { ModuleTags } from "./module-tags.tsx";
import { TeamList } from "./team-list.tsx";

interface InvitationsPanelProps {
  /** Opens the invite form prefilled, to send an invitation again (a new link, seven days again). */
  onInviteAgain: (values: InviteValues) => void;
}

/** The open invitations, newest first, with "invite again" and "cancel". */
export function InvitationsPanel({ onInviteAgain }: InvitationsPanelProps) {
  const { t } = useTranslation("team");
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const list = useTeamInvitations(page);
  const cancel = useCancelInvitation();

  const confirmCancel = (invitation: TTeamInvitation) => {
    void modal.confirm({
      title: t("invitations.cancelTitle"),
      content: t("invitations.cancelText", { email: invitation.email }),
      okText: t("actions.confirm"),
      cancelText: t("actions.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await cancel.mutateAsync(invitation.id);
          void message.success(t("invitations.cancelled", { email: invitation.email }));
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });
  };

  const columns: ListColumns<TTeamInvitation> = [
    { key: "email", title: t("invitations.email"), dataIndex: "email", priority: "key", width: 240 },
    {
      key: "modules",
      title: t("invitations.modules"),
      width: 240,
      render: (_v, i) => <ModuleTags authorities={i.authorities} />,
    },
    { key: "role", title: t("invitations.role"), width: 110, render: (_v, i) => t(`roles.${i.role}`) },
    { key: "invitedBy", title: t("invitations.invitedBy"), dataIndex: "invitedBy", width: 200, priority: "optional" },
    {
      key: "expiresAt",
      title: t("invitations.expires"),
      width: 180,
      render: (_v, i) => (i.expired ? <Tag color="red">{t("invitations.expired")}</Tag> : formatDateTime(i.expiresAt)),
    },
    {
      key: "actions",
      title: t("invitations.actions"),
      width: 210,
      render: (_v, i) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() =>
              onInviteAgain({
                email: i.email,
                authorities: modulesOf(i.authorities),
                role: i.role,
              })
            }
          >
            {t("invitations.resend")}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmCancel(i)}>
            {t("invitations.cancel")}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <TeamList<TTeamInvitation>
        section="invitations"
        listId="team-invitations"
        query={list}
        columns={columns}
        page={page}
        onPage={setPage}
      />
    </Flex>
  );
}
