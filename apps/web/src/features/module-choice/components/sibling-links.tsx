import { ApartmentOutlined, CloudOutlined, ExportOutlined, MonitorOutlined, TabletOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { SiblingLink, SiblingSystem } from "../utils/sibling-links.ts";

const ICONS: Record<SiblingSystem, React.ReactNode> = {
  largeBuilding: <ApartmentOutlined />,
  touchController: <TabletOutlined />,
  cloud: <CloudOutlined />,
  checker: <MonitorOutlined />,
};

/** Links to the maker's other web applications; nothing at all when none is configured. */
export function SiblingLinks({ links }: { links: readonly SiblingLink[] }) {
  const { t } = useTranslation("moduleChoice");
  if (links.length === 0) return null;
  return (
    <section className="restrict-siblings" aria-labelledby="restrict-siblings-title">
      <h3 id="restrict-siblings-title" className="restrict-section-title">
        {t("siblings.title")}
      </h3>
      <div className="restrict-siblings-grid">
        {links.map((link) => (
          <a key={link.system} className="restrict-sibling" href={link.url} target="_blank" rel="noopener noreferrer">
            <span className="restrict-sibling-icon">{ICONS[link.system]}</span>
            <span className="restrict-sibling-name">{t(`siblings.${link.system}`)}</span>
            <ExportOutlined className="restrict-sibling-out" />
          </a>
        ))}
      </div>
    </section>
  );
}
