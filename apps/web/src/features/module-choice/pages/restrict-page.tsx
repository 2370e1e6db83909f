import { CloudFilled, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import type { AuthorityNum } from "@vrf/contract/constants.ts";
import { Alert, Button, Checkbox } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { redirectTarget } from "../../../app/guard.ts";
import { logout } from "../../../app/logout.ts";
import { matchRoute } from "../../../app/route-registry.ts";
import { LanguageSelect } from "../../../components/language-select.tsx";
import { PageLoading } from "../../../components/page-loading.tsx";
import { errorMessage } from "../../../lib/error-text.ts";
import { saveModuleToken } from "../../../lib/session.ts";
import { getAccountToken, getRoles, readStorage, StorageKey } from "../../../lib/storage.ts";
import { useModuleLogin } from "../api/use-module-login.ts";
import { useSaveLoginLog } from "../api/use-save-login-log.ts";
import { useSelectRemember } from "../api/use-select-remember.ts";
import { useSetSelectRemember } from "../api/use-set-select-remember.ts";
import { ModuleCard } from "../components/module-card.tsx";
import "../components/restrict-page.css";
import { SiblingLinks } from "../components/sibling-links.tsx";
import { directEntryModule, onlyModule } from "../utils/direct-entry.ts";
import { entryPath, greetingOf, MODULES } from "../utils/modules.ts";
import { parseSiblingLinks } from "../utils/sibling-links.ts";

const rolesOfPath = (path: string) => matchRoute(path)?.roles ?? null;

/** The sign-in name is an e-mail address; the greeting uses the part people recognise as theirs. */
const nameOf = (account: string) => account.split("@", 1)[0] || account;

/** When this page last entered a module by itself; kept for the page's life to stop a loop (direct-entry.ts). */
let lastAutoEntryAt: number | null = null;

/** After sign-in (and from "switch module"): pick Distributor Cloud or Hi-Checker. */
export default function RestrictPage() {
  const { t } = useTranslation(["moduleChoice", "errors"]);
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = redirectTarget(location.search);
  const [account] = useState(() => readStorage(StorageKey.account) ?? "");
  const [customerId] = useState(() => readStorage(StorageKey.customerId));
  const [authorities] = useState(() => getRoles());
  const siblingLinks = useMemo(() => parseSiblingLinks(import.meta.env.VITE_SIBLING_LINKS), []);

  const remembered = useSelectRemember(customerId);
  const setRemember = useSetSelectRemember();
  const moduleLogin = useModuleLogin();
  const saveLoginLog = useSaveLoginLog();
  const [rememberChoice, setRememberChoice] = useState<boolean | null>(null);
  const rememberChecked = rememberChoice ?? remembered.data?.rememberSelect === 1;
  const [entering, setEntering] = useState<AuthorityNum | null>(null);
  const [enterError, setEnterError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [autoModule] = useState(() => directEntryModule({ authorities, redirect, lastAutoEntryAt, now: Date.now() }));
  const [autoEntering, setAutoEntering] = useState(autoModule !== null);
  const autoStarted = useRef(false);

  const enter = async (authorityNum: AuthorityNum, options: { saveRemember: boolean } = { saveRemember: true }) => {
    const accessToken = getAccountToken();
    if (!accessToken) {
      navigate("/login", { replace: true });
      return;
    }
    setEntering(authorityNum);
    setEnterError(null);
    try {
      // Remembering is a convenience: failing to save it must not keep the user out.
      if (options.saveRemember) {
        await setRemember
          .mutateAsync({ rememberSelect: rememberChecked ? 1 : 2, selectMode: rememberChecked ? authorityNum : null })
          .catch(() => undefined);
      }
      const { token } = await moduleLogin.mutateAsync({ accessToken, authorityNum });
      saveModuleToken(token, authorityNum);
      await saveLoginLog.mutateAsync(authorityNum).catch(() => undefined);
      navigate(entryPath(authorityNum, redirect, rolesOfPath), { replace: true });
    } catch (error) {
      setEnterError(errorMessage(t, error));
      setEntering(null);
      setAutoEntering(false);
    }
  };

  // A one-module account has nothing to choose: enter it at once (the ref keeps StrictMode's
  // second effect run from entering twice). A failure shows the chooser with its error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the page's first render
  useEffect(() => {
    if (autoModule === null || autoStarted.current) return;
    autoStarted.current = true;
    lastAutoEntryAt = Date.now();
    void enter(autoModule, { saveRemember: false });
  }, []);

  const onLogout = async () => {
    setLeaving(true);
    await logout();
    navigate("/login", { replace: true });
  };

  const hasAnyModule = MODULES.some((m) => authorities.includes(m.authorityNum));
  // Remembering a choice only means something with two modules to choose from.
  const canRemember = hasAnyModule && onlyModule(authorities) === null;

  if (autoEntering) return <PageLoading />;

  return (
    <div className="restrict-shell">
      <header className="restrict-topbar">
        <div className="restrict-brand">
          <span className="restrict-brand-mark">
            <CloudFilled />
          </span>
          <span>{t("brand")}</span>
        </div>
        {account && (
          <span className="restrict-account" title={account}>
            <UserOutlined />
            {account}
          </span>
        )}
        <LanguageSelect />
        <Button type="text" icon={<LogoutOutlined />} onClick={onLogout} loading={leaving}>
          {t("logout")}
        </Button>
      </header>

      <main className="restrict-main">
        <h1 className="restrict-greeting">
          {account ? t(`greeting.${greetingOf(new Date().getHours())}`, { name: nameOf(account) }) : t("title")}
        </h1>
        <p className="restrict-lead">{t("lead")}</p>

        {!hasAnyModule && <Alert type="warning" showIcon title={t("noModules")} style={{ marginBottom: 24 }} />}
        {enterError && (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setEnterError(null) }}
            title={enterError}
            style={{ marginBottom: 24 }}
          />
        )}

        <div className="restrict-modules">
          {MODULES.map((module) => (
            <ModuleCard
              key={module.authorityNum}
              module={module}
              available={authorities.includes(module.authorityNum)}
              entering={entering === module.authorityNum}
              busy={entering !== null}
              onEnter={() => enter(module.authorityNum)}
            />
          ))}
        </div>

        {canRemember && (
          <Checkbox
            className="restrict-remember"
            checked={rememberChecked}
            disabled={entering !== null}
            onChange={(e) => setRememberChoice(e.target.checked)}
          >
            {t("remember")}
          </Checkbox>
        )}

        <SiblingLinks links={siblingLinks} />
      </main>

      <footer className="restrict-footer">{t("copyright", { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
