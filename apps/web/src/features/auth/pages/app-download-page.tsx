import { AndroidFilled, AppleFilled, MobileOutlined } from "@ant-design/icons";
import { Button, Empty, QRCode } from "antd";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../components/auth-layout.tsx";
import { type AppPlatform, parseAppDownloads } from "../utils/app-download-links.ts";
import "./app-download-page.css";

const ICONS: Record<AppPlatform, ReactNode> = { android: <AndroidFilled />, ios: <AppleFilled /> };

/**
 * The app download page of SPEC section 1, open without signing in: a phone scans the code from the
 * desk, a phone that opened this page taps the button. The addresses are the deployment's own
 * (`VITE_APP_DOWNLOADS`); without them the page says the app is not published here yet.
 */
export default function AppDownloadPage() {
  const { t } = useTranslation("auth");
  const links = useMemo(() => parseAppDownloads(import.meta.env.VITE_APP_DOWNLOADS), []);

  return (
    <AuthLayout
      title={t("appDownload.title")}
      subtitle={t("appDownload.subtitle")}
      wide={links.length > 1}
      below={<Link to="/login">{t("appDownload.backToLogin")}</Link>}
    >
      {links.length === 0 ? (
        <Empty
          image={<MobileOutlined className="app-download-empty-icon" />}
          description={t("appDownload.notPublished")}
        />
      ) : (
        <ul className="app-download-list">
          {links.map((link) => (
            <li key={link.platform} className="app-download-item">
              <h3 className="app-download-platform">
                {ICONS[link.platform]} {t(`appDownload.platform.${link.platform}`)}
              </h3>
              <QRCode value={link.url} size={160} bordered={false} aria-label={t("appDownload.scan")} />
              <p className="app-download-hint">{t("appDownload.scan")}</p>
              <Button type="primary" href={link.url} target="_blank" rel="noopener noreferrer" block>
                {t(`appDownload.get.${link.platform}`)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AuthLayout>
  );
}
