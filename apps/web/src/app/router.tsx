import { type ComponentType, lazy, type ReactNode } from "react";
import { createHashRouter, Navigate, type RouteObject } from "react-router";
import { withShellTexts, withSignInTexts } from "./page-texts.ts";
import { GroupRedirect } from "./pages/group-redirect.tsx";
import { PageErrorPage } from "./pages/page-error-page.tsx";
import { RedirectPage } from "./pages/redirect-page.tsx";
import { RouteErrorPage } from "./pages/route-error-page.tsx";
import { RootShell } from "./root-shell.tsx";
import { HOME_ROUTE_BY_AUTHORITY, ROUTES, type RouteEntry } from "./route-registry.ts";

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/** A sign-in page or the module chooser: its code and its areas' texts (lib/i18n.ts) arrive together. */
const signInPage = (load: () => Promise<{ default: ComponentType }>) => page(withSignInTexts(load));

// Lazy too, so the sign-in pages load neither the module shell (menu, tags view, drawer) nor the
// status pages' illustrations. The crash page stays in the entry: it must show when a chunk fails.
// The shell's own texts are in the start pack; each page of it brings the texts it needs
// (layout/shell-pages.ts), so a cold load of the dashboard does not fetch every page's texts.
const AppLayout = page(() => import("./layout/app-layout.tsx").then((m) => ({ default: m.AppLayout })));
const NotFoundPage = page(() => import("./pages/not-found-page.tsx").then((m) => ({ default: m.NotFoundPage })));
const UnauthorizedPage = page(() =>
  import("./pages/unauthorized-page.tsx").then((m) => ({ default: m.UnauthorizedPage })),
);

const Login = signInPage(() => import("../features/auth/pages/login-page.tsx"));
// The registration pages name the team a sign-up joins (texts of the team's area).
const Register = signInPage(withShellTexts(() => import("../features/auth/pages/register-page.tsx")));
const CheckEmail = signInPage(() => import("../features/auth/pages/check-email-page.tsx"));
const SetupPassword = signInPage(withShellTexts(() => import("../features/auth/pages/setup-password-page.tsx")));
const AuthRedirect = signInPage(() => import("../features/auth/pages/auth-redirect-page.tsx"));
const AppDownload = signInPage(() => import("../features/auth/pages/app-download-page.tsx"));
const Licence = signInPage(() => import("../features/auth/pages/licence-page.tsx"));
const UserProfile = signInPage(() => import("../features/auth/pages/user-profile-page.tsx"));
const Success = signInPage(() => import("../features/auth/pages/success-page.tsx"));
const Forget = signInPage(() => import("../features/auth/pages/forget-page.tsx"));
const NewPassword = signInPage(() => import("../features/auth/pages/new-password-page.tsx"));
const ResetSuccess = signInPage(() => import("../features/auth/pages/reset-success-page.tsx"));
const Restrict = signInPage(() => import("../features/module-choice/pages/restrict-page.tsx"));

const screen = (path: string, Component: ComponentType): RouteObject => ({ path, element: <Component /> });

/**
 * Pages outside the layout. Several SPEC paths of the original account
 * platform map onto the nearest page we have (sign-in, reset success, ...).
 */
const publicRoutes: RouteObject[] = [
  screen("/login", Login),
  screen("/loginView", Login),
  screen("/manualy", Login),
  screen("/tripartite", Login),
  screen("/auth-redirect", AuthRedirect),
  screen("/download", AppDownload),
  screen("/address", Login),
  screen("/account", Login),
  screen("/register", Register),
  screen("/registerInput", Register),
  screen("/checkEmail", CheckEmail),
  screen("/setupPwd", SetupPassword),
  screen("/licence", Licence),
  screen("/userProfile", UserProfile),
  screen("/success", Success),
  screen("/forget", Forget),
  screen("/newPassword", NewPassword),
  screen("/resetSuccess", ResetSuccess),
  screen("/passwordResetSuccess", ResetSuccess),
  screen("/restrict", Restrict),
  screen("/404", NotFoundPage),
  screen("/401", UnauthorizedPage),
];

/** `handle` lets shared components (the coming-soon page) read the route's title without knowing the registry. */
export interface RouteHandle {
  routeName: string;
  titleKey: string;
  /** The module's home page (no "back to home" offered there). */
  isHome: boolean;
}

const HOME_NAMES = new Set(Object.values(HOME_ROUTE_BY_AUTHORITY));

const gatedRoute = (route: RouteEntry): RouteObject => {
  const handle: RouteHandle = { routeName: route.name, titleKey: route.titleKey, isHome: HOME_NAMES.has(route.name) };
  if (route.kind === "group" || !route.component) {
    return { path: route.path, element: <GroupRedirect group={route.name} />, handle };
  }
  const Component = route.component;
  // A page that throws is replaced inside the shell, not the whole portal with it.
  return { path: route.path, element: <Component />, errorElement: <PageErrorPage />, handle };
};

const withShell = (children: RouteObject[]): RouteObject[] => [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    children,
  },
];

const layoutRoutes: RouteObject = {
  element: <AppLayout />,
  children: [
    ...ROUTES.map(gatedRoute),
    // The tags view's "refresh": a round trip through here remounts the page.
    { path: "/redirect/*", element: <RedirectPage /> },
  ],
};

const fallback: ReactNode = <Navigate to="/404" replace />;

export const router = createHashRouter(
  withShell([...publicRoutes, layoutRoutes, { path: "/", element: fallback }, { path: "*", element: fallback }]),
);
