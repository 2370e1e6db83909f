import { type ComponentType, createContext, useContext } from "react";

/** The page component of a route name; the layout provides it (app/layout/shell-pages.ts). */
export type ShellPages = (routeName: string) => ComponentType;

const ShellPagesContext = createContext<ShellPages | null>(null);

/** Set by the layout around its outlet: every page of the shell renders inside the layout. */
export const ShellPagesProvider = ShellPagesContext.Provider;

/**
 * A route's element for the page named `routeName`: the page itself comes from the layout.
 *
 * Why not the page's lazy component itself: the route table is in the entry, so the bundler would
 * see every page as a chunk the entry may load on its own. Imported by the layout's module
 * instead, a page is known to load after the layout, so what the layout and the pages share
 * (antd's components, icons, hooks) is kept in the layout's chunk instead of dozens of small
 * chunks, which a first load of the dashboard would fetch one by one, each compressed alone.
 */
export const shellPage = (routeName: string): ComponentType => {
  function ShellPage() {
    const pages = useContext(ShellPagesContext);
    if (!pages) throw new Error(`the page ${routeName} is shown outside the module shell`);
    const Page = pages(routeName);
    return <Page />;
  }
  ShellPage.displayName = `ShellPage(${routeName})`;
  return ShellPage;
};
