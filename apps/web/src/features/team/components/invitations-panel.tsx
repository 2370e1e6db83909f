import { ReloadOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import type { TTeamInvitation } from "@vrf/contract/team/team.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { App, Button, Empty, Flex, Space, Tag, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ColumnChooser } from "../../../components/column-chooser.tsx";
import type { ListColumns } from "../../../components/list-table.tsx";
import { PagedListTable } from "../../../components/paged-list-table.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { TEAM_KEY } from "../api/query-keys.ts";
import { useCancelInvitation } from "../api/use-cancel-invitation.ts";
import { useTeamInvitations } from "../api/use-team-invitations.ts";
import { modulesOf } from "../utils/grants.ts";
import type { InviteValues } from "./invite-member-modal.tsx";
import { ModuleTags } from "./module-tags.tsx";

const PAGE_SIZES = [10, 20, 50, 100] as const;

interface InvitationsPanelProps {
  /** Opens the invite form prefilled, to send an invitation again (a new link, seven days again). */
  onInviteAgain: (values: InviteValues) => void;
}

/** The open invitations, newest first, with "invite again" and "cancel". */
export function InvitationsPanel({ onInviteAgain }: InvitationsPanelProps) {
  const { t } = useTranslation("team");
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  // Everything of the team at once: a colleague who joined elsewhere changes both lists and the badge.
  const refreshTeam = () => void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
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
      <Flex justify="flex-end" gap={8}>
        <Tooltip title={t("actions.refresh")}>
          <Button
            aria-label={t("actions.refresh")}
            icon={<ReloadOutlined spin={list.isFetching && !list.isPending} />}
            onClick={refreshTeam}
          />
        </Tooltip>
        <ColumnChooser listId="team-invitations" columns={columns} />
      </Flex>
      <PagedListTable<TTeamInvitation>
        query={list}
        columns={columns}
        listId="team-invitations"
        page={page}
        onPage={setPage}
        pageSizes={PAGE_SIZES}
        empty={<Empty description={t("invitations.empty")} />}
        failedTitle={t("invitations.loadFailed")}
        totalText={(total) => t("invitations.total", { count: total })}
      />
    </Flex>
  );
}
