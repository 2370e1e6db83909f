import {
  Activity,
  type ReactElement,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { createPortal } from "react-dom";
import {
  type Location,
  type NavigationType,
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from "react-router";
import { PageLoading } from "../../components/page-loading.tsx";
import {
  discardedPages,
  forgetScrollTop,
  noteShownScrollTop,
  rememberScrollTop,
  setShownPage,
  settleDiscarded,
  subscribeKeptPages,
  takeScrollTopAfterNavigation,
} from "../../lib/kept-pages.ts";
import { hasUnsavedEdits, needsLeaveQuestion, setHiddenPages } from "../../lib/leave-guard.ts";
import { matchRoute } from "../route-registry.ts";
import { cachedTagNames, useTags } from "../tags-store.ts";
import { keptPageNames, MAX_KEPT_PAGES, mayKeepPage } from "./kept-pages.ts";

interface KeptPage {
  element: ReactElement | null;
  location: Location;
  navigationType: NavigationType;
}

/**
 * A page sees the address it was last shown at: a hidden page must not read another page's
 * query (a list would compute its filters from it) nor re-render on every navigation.
 */
function PageLocation({ page, children }: { page: KeptPage; children: ReactNode }) {
  const value = useMemo(
    () => ({ location: page.location, navigationType: page.navigationType }),
    [page.location, page.navigationType],
  );
  return <UNSAFE_LocationContext.Provider value={value}>{children}</UNSAFE_LocationContext.Provider>;
}

/**
 * A kept page's DOM lives in a container of its own, which is in the document only while the
 * page is shown: `<Activity>` detaches the host's ref when it hides the page, and attaches it
 * (before the page's own layout effects, the host coming first) when it shows it again. Hidden
 * pages thus add nothing to the document: no second field with the same label or id, no
 * layout work, nothing to tab to or for assistive technology to read.
 */
function InDocumentWhileShown({ children }: { children: ReactNode }) {
  const [container] = useState(() => {
    const element = document.createElement("div");
    element.className = "kept-page";
    return element;
  });
  const attach = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return;
      host.appendChild(container);
      return () => container.remove();
    },
    [container],
  );
  return (
    <>
      <div ref={attach} className="kept-page-host" />
      {createPortal(children, container)}
    </>
  );
}

/**
 * The layout's outlet with tab caching (SPEC section 3 "Tab views": visited and cached lists).
 * The page of each open tab stays mounted inside a hidden `<Activity>` when the user moves on:
 * its state (filters, page, scroll, typed input) is there when the tab is shown again. Hidden,
 * its effects are cleaned up, so it neither polls, refetches, listens to the live socket nor
 * takes focus; its queries refetch when it is shown again if they went stale meanwhile.
 * Pages on SPEC section 4's never-cached list mount afresh on every visit. Closing a tab
 * unmounts its page; at most `MAX_KEPT_PAGES` are kept.
 */
export function KeptOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tags = useTags();
  const discarded = useSyncExternalStore(subscribeKeptPages, discardedPages, discardedPages);
  const route = matchRoute(location.pathname);
  const active = mayKeepPage(route) ? route.name : null;

  const pages = useRef(new Map<string, KeptPage>());
  const previous = useRef<readonly string[]>([]);
  // Closing the shown page's tab and navigating away commit apart (the navigation is a
  // transition); a visit that lands before the navigation does finds the page still mounted.
  // So a page whose tab closed while shown remembers that address (`location.key`); shown at
  // another one, it is a new visit and mounts afresh under a new generation.
  const closedWhileShownAt = useRef(new Map<string, string>());
  const generations = useRef(new Map<string, number>());
  const reopened =
    active !== null &&
    closedWhileShownAt.current.has(active) &&
    closedWhileShownAt.current.get(active) !== location.key;
  const generationOf = (name: string) => (generations.current.get(name) ?? 0) + (reopened && name === active ? 1 : 0);
  const kept = keptPageNames({
    previous: previous.current,
    active,
    openTabs: cachedTagNames(tags),
    discarded,
    pinned: new Set(previous.current.filter(needsLeaveQuestion)),
    max: MAX_KEPT_PAGES,
  });
  // Back at the address it was left at (its tab): where it was scrolled to. The menu opens a
  // page at its plain address, its filters starting over: at the top.
  const cameBack =
    active !== null &&
    !reopened &&
    previous.current.includes(active) &&
    pages.current.get(active)?.location.search === location.search;

  // Committed state only: a render React throws away must not change what is kept.
  useLayoutEffect(() => {
    const open = new Set(cachedTagNames(tags));
    if (active !== null) {
      if (reopened) {
        generations.current.set(active, generationOf(active));
        closedWhileShownAt.current.delete(active);
        forgetScrollTop(active);
      } else if (previous.current.includes(active) && !open.has(active) && !closedWhileShownAt.current.has(active)) {
        closedWhileShownAt.current.set(active, location.key);
      }
      pages.current.set(active, { element: outlet, location, navigationType });
    }
    const keep = new Set(kept);
    for (const name of closedWhileShownAt.current.keys()) {
      if (open.has(name) || !keep.has(name)) closedWhileShownAt.current.delete(name);
    }
    for (const name of pages.current.keys()) {
      if (keep.has(name)) continue;
      pages.current.delete(name);
      generations.current.delete(name);
      forgetScrollTop(name);
    }
    previous.current = kept;
    // Before the hidden pages' effects are cleaned up: their leave guards stay registered.
    setHiddenPages(new Set(kept.filter((name) => name !== active)));
    settleDiscarded([...discarded].filter((name) => !keep.has(name)));
  });

  const shownName = route?.name ?? null;
  const shownGeneration = shownName === null ? 0 : generationOf(shownName);
  // A page that comes back is put where it was before the browser paints; the navigation guard
  // (a parent, its effect runs last) scrolls there too instead of to the top. A page reopened
  // at the same path is not a navigation to the guard: the outlet sends it to the top itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page shown; `cameBack` and `reopened` belong to that render.
  useLayoutEffect(() => {
    noteShownScrollTop(shownName, cameBack);
    if (cameBack || reopened) window.scrollTo(0, takeScrollTopAfterNavigation(true));
  }, [shownName, shownGeneration]);

  // After the page's own effects (children first): it is on screen, its leave guard registered.
  useEffect(() => setShownPage(shownName), [shownName]);

  // Attached and removed in the commit itself: the scroll the browser makes when the page is
  // swapped (a shorter page clamps it) must not be taken for the page that was left.
  useLayoutEffect(() => {
    if (shownName === null) return;
    const onScroll = () => rememberScrollTop(shownName, window.scrollY);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [shownName]);

  // A hidden page's own beforeunload listener is gone with its effects; the browser still asks.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedEdits()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  // Rendered in tab order, not by recency, so React has no reason to move a page's DOM.
  const tabOrder = tags.map((tag) => tag.name);
  const position = (name: string) => {
    const index = tabOrder.indexOf(name);
    return index === -1 ? tabOrder.length : index;
  };
  const rendered = [...kept].sort((a, b) => position(a) - position(b));

  return (
    <>
      {rendered.map((name) => {
        const page =
          name === active ? { element: outlet, location, navigationType } : (pages.current.get(name) ?? null);
        if (!page) return null;
        return (
          <Activity key={`${name}#${generationOf(name)}`} mode={name === active ? "visible" : "hidden"}>
            <InDocumentWhileShown>
              <Suspense fallback={<PageLoading />}>
                <PageLocation page={page}>{page.element}</PageLocation>
              </Suspense>
            </InDocumentWhileShown>
          </Activity>
        );
      })}
      {active === null ? <Suspense fallback={<PageLoading />}>{outlet}</Suspense> : null}
    </>
  );
}
