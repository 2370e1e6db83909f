import { Col, Row } from "antd";
import { useState } from "react";
import { readStorage, StorageKey } from "../../../lib/storage.ts";
import { NotificationSettingsCard } from "../components/notification-settings-card.tsx";
import { ProfileCard } from "../components/profile-card.tsx";

/** perInfo: who the user is, and which e-mails they receive. */
export default function PersonalInfoPage() {
  const [accountEmail] = useState(() => readStorage(StorageKey.account) ?? "");
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <ProfileCard accountEmail={accountEmail} />
      </Col>
      <Col xs={24} xl={10}>
        <NotificationSettingsCard />
      </Col>
    </Row>
  );
}
