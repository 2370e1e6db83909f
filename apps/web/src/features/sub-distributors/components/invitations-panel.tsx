import { CheckOutlined, CloseOutlined, MailOutlined } from "@ant-design/icons";
import type { TInvitation } from "@vrf/contract/sub-distributors/invitations.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { App, Button, Card, Descriptions, Empty, Flex, Pagination, Result, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useAcceptInvitation } from "../api/use-accept-invitation.ts";
import { useInvitations } from "../api/use-invitations.ts";
import { ReturnInvitationModal } from "./return-invitation-modal.tsx";

const PAGE_SIZE = 10;

interface InvitationsPanelProps {
  /** After an acceptance: the caller is a sub-distributor now and its module must be loaded again. */
  onAccepted: () => void;
}

/** Invitations under review addressed to the caller's organisation, each with Accept and Return. */
export function InvitationsPanel({ onAccepted }: InvitationsPanelProps) {
  const { t } = useTranslation("subDistributors");
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const invitations = useInvitations(pageNum, PAGE_SIZE);
  const accept = useAcceptInvitation();
  const [returning, setReturning] = useState<{ invitation: TInvitation | null; open: boolean }>({
    invitation: null,
    open: false,
  });

  const confirmAccept = (invitation: TInvitation) => {
    const organisation = invitation.parentOrganisationName;
    void modal.confirm({
      title: t("invitations.acceptTitle", { organisation }),
      content: t("invitations.acceptText", { organisation }),
      okText: t("actions.accept"),
      cancelText: t("actions.cancel"),
      onOk: async () => {
        try {
          const result = await accept.mutateAsync({ id: invitation.id });
          modal.success({
            title: t("invitations.acceptedTitle", { organisation: result.parentOrganisationName }),
            content: t("invitations.acceptedText"),
            okText: t("invitations.acceptedOk"),
            onOk: onAccepted,
          });
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });
  };

  if (invitations.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (invitations.isError && !invitations.data) {
    return (
      <Result
        status="warning"
        title={t("invitations.loadFailed")}
        subTitle={errorText(invitations.error)}
        extra={
          <Button type="primary" onClick={() => void invitations.refetch()}>
            {t("common:actions.retry")}
          </Button>
        }
      />
    );
  }
  if (invitations.data.total === 0) {
    return (
      <Empty description={t("invitations.empty")} style={{ padding: "32px 0" }}>
        <Typography.Text type="secondary">{t("invitations.emptyHint")}</Typography.Text>
      </Empty>
    );
  }

  return (
    <Flex vertical gap={12}>
      {invitations.data.list.map((invitation) => (
        <Card
          key={invitation.id}
          size="small"
          title={
            <Flex align="center" gap={8} style={{ whiteSpace: "normal", padding: "6px 0" }}>
              <MailOutlined style={{ color: "#2BC6C2" }} />
              <span>{t("invitations.heading", { organisation: invitation.parentOrganisationName })}</span>
            </Flex>
          }
        >
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
            items={[
              { key: "invitedBy", label: t("invitations.invitedBy"), children: invitation.invitedBy },
              { key: "invitedEmail", label: t("invitations.invitedEmail"), children: invitation.invitedEmail },
              {
                key: "submittedAt",
                label: t("invitations.submittedAt"),
                children: formatDateTime(invitation.submittedAt),
              },
              {
                key: "note",
                label: t("invitations.note"),
                span: "filled",
                children: invitation.note || (
                  <Typography.Text type="secondary">{t("invitations.noNote")}</Typography.Text>
                ),
              },
            ]}
          />
          <Flex justify="flex-end" gap={8} wrap style={{ marginTop: 12 }}>
            <Button
              danger
              icon={<CloseOutlined />}
              disabled={accept.isPending}
              onClick={() => setReturning({ invitation, open: true })}
            >
              {t("actions.return")}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              disabled={accept.isPending}
              onClick={() => confirmAccept(invitation)}
            >
              {t("actions.accept")}
            </Button>
          </Flex>
        </Card>
      ))}
      {invitations.data.total > PAGE_SIZE && (
        <Pagination
          align="end"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={invitations.data.total}
          onChange={setPageNum}
          showSizeChanger={false}
        />
      )}
      <ReturnInvitationModal
        open={returning.open}
        invitation={returning.invitation}
        onClose={() => setReturning((r) => ({ ...r, open: false }))}
      />
    </Flex>
  );
}
