import type { TOfferedInvitation } from "@vrf/contract/team/join.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Alert, App, Button, Card, Flex, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useAcceptTeamInvitation, useDeclineTeamInvitation } from "../api/use-offered-team-invitations.ts";

interface TeamInvitationOfferProps {
  invitations: TOfferedInvitation[];
  /** Called once the user is done: with the account's new authorities after joining, else null. */
  onDone: (roles: string | null) => void;
}

/**
 * Right after the sign-in: the team invitations addressed to the account, each to accept or
 * decline; "Decide later" goes on and offers them again at the next sign-in.
 */
export function TeamInvitationOffer({ invitations, onDone }: TeamInvitationOfferProps) {
  const { t } = useTranslation("team");
  const errorText = useErrorText();
  const { message } = App.useApp();
  const accept = useAcceptTeamInvitation();
  const decline = useDeclineTeamInvitation();
  const [left, setLeft] = useState(invitations);
  const [error, setError] = useState<string | null>(null);
  const busy = accept.isPending || decline.isPending;

  const onAccept = async (invitation: TOfferedInvitation) => {
    setError(null);
    try {
      const joined = await accept.mutateAsync(invitation.id);
      void message.success(t("offer.accepted", { organisation: joined.organisationName }));
      onDone(joined.roles);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const onDecline = async (invitation: TOfferedInvitation) => {
    setError(null);
    try {
      await decline.mutateAsync(invitation.id);
      void message.info(t("offer.declined"));
      const rest = left.filter((i) => i.id !== invitation.id);
      setLeft(rest);
      if (rest.length === 0) onDone(null);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Modal
      open
      title={t("offer.title")}
      closable={false}
      maskClosable={false}
      footer={
        <Button onClick={() => onDone(null)} disabled={busy}>
          {t("offer.later")}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        {left.map((invitation) => (
          <Card key={invitation.id} size="small">
            <Typography.Paragraph>
              {t("offer.text", {
                inviter: invitation.invitedBy,
                organisation: invitation.organisationName,
                role: t(`roles.${invitation.role}`),
                modules: invitation.authorities.map((a) => t(`modules.${a}`)).join(", "),
              })}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t("offer.moveWarning")} {t("offer.expires", { time: formatDateTime(invitation.expiresAt) })}
            </Typography.Paragraph>
            <Flex gap={8} justify="flex-end">
              <Button onClick={() => void onDecline(invitation)} disabled={busy}>
                {t("offer.decline")}
              </Button>
              <Button type="primary" onClick={() => void onAccept(invitation)} loading={accept.isPending}>
                {t("offer.accept")}
              </Button>
            </Flex>
          </Card>
        ))}
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Modal>
  );
}
