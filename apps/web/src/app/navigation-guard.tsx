import { Button, Spin } from "antd";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { StatusNotice } from "../components/status-notice.tsx";
import { errorMessage } from "../lib/error-text.ts";
import { takeScrollTopAfterNavigation } from "../lib/kept-pages.ts";
import { closeLiveSocket, openLiveSocket } from "../lib/live-socket.ts";
import { getAuthorityNum, getRoles, getToken } from "../lib/storage.ts";
import { decideNavigation, MODULE_CHOICE_PATH } from "./guard.ts";
import { loadPermissions, switchModule } from "./permissions.ts";
import { useUserState } from "./user-store.ts";

export function FullPageLoading() {
  return (
    <div className="full-page-center">
      <Spin size="large" />
    </div>
  );
}

/**
 * Applies `decideNavigation` on every location change: renders the page,
 * redirects, or loads the permissions / switches module first and decides again.
 */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useUserState();
  const lastPassed = useRef<{ pathname: string } | null>(null);
  const [failure, setFailure] = useState<{ error: unknown; attempt: number } | null>(null);
  const [attempt, setAttempt] = useState(0);

  const decision = decideNavigation({
    to: { pathname: location.pathname, search: location.search },
    from: lastPassed.current,
    token: getToken(),
    authorityNum: getAuthorityNum(),
    roles: getRoles(),
    permissionsLoaded: user.permissionsLoaded,
    allowedRoutes: user.allowedRoutes,
  });

  useEffect(() => {
    if (decision.socket === "open") openLiveSocket();
    else if (decision.socket === "close") closeLiveSocket();
  }, [decision.socket]);

  const passedPath = decision.type === "proceed" ? location.pathname : null;
  useEffect(() => {
    if (passedPath === null) return;
    lastPassed.current = { pathname: passedPath };
    // SPEC section 2: to the top on navigation; a kept tab's page comes back where it was left.
    // (This parent's effect runs after the layout's, which noted the page that came back.)
    window.scrollTo(0, takeScrollTopAfterNavigation());
  }, [passedPath]);

  const work = decision.type === "loadPermissions" || decision.type === "switchModule" ? decision : null;
  const workKey = work ? `${work.type}:${work.type === "switchModule" ? work.authorityNum : ""}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and the retry counter identify the work.
  useEffect(() => {
    if (!work) return;
    let cancelled = false;
    setFailure(null);
    const run = work.type === "switchModule" ? switchModule(work.authorityNum) : loadPermissions();
    run.catch((error: unknown) => {
      if (!cancelled) setFailure({ error, attempt });
    });
    return () => {
      cancelled = true;
    };
  }, [workKey, attempt, user.sessionVersion]);

  if (decision.type === "redirect") return <Navigate to={decision.to} replace />;
  if (decision.type === "proceed") return children;

  if (failure && failure.attempt === attempt) {
    return (
      <div className="full-page-center">
        <StatusNotice
          status="warning"
          title={t("common:guard.loadFailed")}
          subTitle={errorMessage(t, failure.error)}
          extra={
            <>
              <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t("common:actions.retry")}
              </Button>
              <Button href={`#${MODULE_CHOICE_PATH}`}>{t("common:user.switchModule")}</Button>
            </>
          }
        />
      </div>
    );
  }
  return <FullPageLoading />;
}
