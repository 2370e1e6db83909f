import type { TTeamMember } from "@vrf/contract/team/team.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { App, Button, Flex, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { useRemoveMember } from "../api/use-remove-member.ts";
import { useTeamMembers } from "../api/use-team-members.ts";
import { EditMemberModal } from "./edit-member-modal.tsx";
import { ModuleTags } from "./module-tags.tsx";
import { TeamList } from "./team-list.tsx";

/** The organisation's accounts: modules, role, and the administrator's edit and remove actions. */
export function MembersPanel() {
  const { t } = useTranslation("team");
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ member: TTeamMember | null; open: boolean }>({ member: null, open: false });
  const list = useTeamMembers(page);
  const remove = useRemoveMember();

  const confirmRemove = (member: TTeamMember) => {
    void modal.confirm({
      title: t("members.removeTitle"),
      content: t("members.removeText", { email: member.email }),
      okText: t("actions.confirm"),
      cancelText: t("actions.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(member.id);
          void message.success(t("members.removed", { email: member.email }));
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });
  };

  const columns: ListColumns<TTeamMember> = [
    {
      key: "email",
      title: t("members.email"),
      priority: "key",
      width: 260,
      render: (_v, m) => (
        <Space size={6} wrap>
          <span>{m.email}</span>
          {m.self && <Tag>{t("members.you")}</Tag>}
        </Space>
      ),
    },
    { key: "name", title: t("members.name"), dataIndex: "name", width: 160 },
    {
      key: "modules",
      title: t("members.modules"),
      width: 240,
      render: (_v, m) => <ModuleTags authorities={m.authorities} />,
    },
    {
      key: "role",
      title: t("members.role"),
      width: 120,
      render: (_v, m) => <Tag color={m.role === "admin" ? "gold" : undefined}>{t(`roles.${m.role}`)}</Tag>,
    },
    {
      key: "createdAt",
      title: t("members.joined"),
      width: 170,
      priority: "optional",
      render: (_v, m) => formatDateTime(m.createdAt),
    },
    {
      key: "actions",
      title: t("members.actions"),
      width: 160,
      render: (_v, m) =>
        m.self ? null : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ member: m, open: true })}>
              {t("members.edit")}
            </Button>
            <Button type="link" size="small" danger onClick={() => confirmRemove(m)}>
              {t("members.remove")}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <TeamList<TTeamMember>
        section="members"
        listId="team-members"
        query={list}
        columns={columns}
        page={page}
        onPage={setPage}
      />
      <EditMemberModal
        open={editing.open}
        member={editing.member}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Flex>
  );
}
