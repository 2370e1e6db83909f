import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { NOT_FOUND_PATH, UNAUTHORIZED_PATH } from "./guard.ts";
import { FullPageLoading, NavigationGuard } from "./navigation-guard.tsx";
import { matchRoute, titleKeyOf } from "./route-registry.ts";

const STATIC_TITLES: Readonly<Record<string, string>> = {
  [NOT_FOUND_PATH]: "common:pages.notFound.title",
  [UNAUTHORIZED_PATH]: "common:pages.unauthorized.title",
};

/** SPEC section 2: "<route title> - <platform title>", or the platform title alone. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const route = matchRoute(pathname);
    const titleKey = route ? titleKeyOf(route, search) : STATIC_TITLES[pathname];
    const platform = t("common:platformTitle");
    document.title = titleKey ? `${t(titleKey)} - ${platform}` : platform;
  }, [pathname, search, t]);
}

/** The root route: guard every navigation, title the document, and wait for lazy pages. */
export function RootShell() {
  useDocumentTitle();
  return (
    <NavigationGuard>
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
    </NavigationGuard>
  );
}
