import {
  ApartmentOutlined,
  DashboardOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  ToolOutlined,
} from "@ant-design/icons";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSelect } from "../../../components/language-select.tsx";
import type { Journey } from "../utils/journey-steps.ts";
import "./auth-layout.css";
import { BrandMark } from "./brand-mark.tsx";

// Only multi-page journeys show steps; loaded with them, so the sign-in page does not fetch
// antd's Steps and Progress.
const JourneyProgress = lazy(() => import("./journey-progress.tsx").then((m) => ({ default: m.JourneyProgress })));

interface AuthLayoutProps {
  /** Left out on result pages, where the result itself is the heading. */
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Shows the steps of a multi-page journey above the title. */
  journey?: Journey;
  /** Agreement and profile pages need more room than a sign-in form. */
  wide?: boolean;
  /** Under the card, e.g. "Already have an account? Sign in". */
  below?: ReactNode;
  children: ReactNode;
}

const PRODUCT_LINE = ["Hi-Mit", "Hi-Dom", "SmartTouch", "Hi-Checker"];

/** The frame of every page before a module is chosen: brand panel, language, one card. */
export function AuthLayout({ title, subtitle, journey, wide = false, below, children }: AuthLayoutProps) {
  const { t } = useTranslation("auth");
  const features = [
    { icon: <ApartmentOutlined />, key: "projects" },
    { icon: <DashboardOutlined />, key: "checker" },
    { icon: <ToolOutlined />, key: "service" },
  ] as const;

  return (
    <div className="auth-shell">
      <aside className="auth-hero">
        <div className="auth-brand">
          <BrandMark inverted />
          <span>{t("layout.brand")}</span>
        </div>
        <div className="auth-hero-body">
          <h1 className="auth-hero-title">{t("layout.heroTitle")}</h1>
          <p className="auth-hero-text">{t("layout.heroText")}</p>
          <ul className="auth-hero-features">
            {features.map((f) => (
              <li key={f.key}>
                <span className="auth-hero-feature-icon">{f.icon}</span>
                <span>
                  <span className="auth-hero-feature-title">{t(`layout.features.${f.key}.title`)}</span>
                  <span className="auth-hero-feature-text">{t(`layout.features.${f.key}.text`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="auth-product-caption">{t("layout.productLine")}</p>
          <div className="auth-product-line">
            {PRODUCT_LINE.map((name) => (
              <span key={name}>{name}</span>
            ))}
          </div>
        </div>
      </aside>

      <div className="auth-main">
        <header className="auth-topbar">
          <div className="auth-brand">
            <BrandMark size={30} />
            <span>{t("layout.brand")}</span>
          </div>
          <LanguageSelect />
        </header>

        <main className="auth-center">
          <section className={wide ? "auth-card auth-card--wide" : "auth-card"}>
            {journey && (
              <div className="auth-card-steps">
                <Suspense fallback={null}>
                  <JourneyProgress journey={journey} />
                </Suspense>
              </div>
            )}
            {title && (
              <div className="auth-card-header">
                <h2 className="auth-card-title">{title}</h2>
                {subtitle && <p className="auth-card-subtitle">{subtitle}</p>}
              </div>
            )}
            {children}
          </section>
          {below && <div className="auth-below">{below}</div>}
        </main>

        <footer className="auth-footer">
          <span>{t("layout.copyright", { year: new Date().getFullYear() })}</span>
          <Link to="/download">
            <MobileOutlined /> {t("layout.appDownload")}
          </Link>
          <span>
            <SafetyCertificateOutlined /> {t("layout.secure")}
          </span>
        </footer>
      </div>
    </div>
  );
}
