import { CloseOutlined, LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Dropdown, type MenuProps } from "antd";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { discardKeptPage, shownPage, whenShown } from "../../lib/kept-pages.ts";
import { confirmLeave, needsLeaveQuestion } from "../../lib/leave-guard.ts";
import { homePath, matchRoute } from "../route-registry.ts";
import {
  closeAllTags,
  closeOtherTags,
  closeTag,
  nextAfterClose,
  type TagView,
  tagsStore,
  useTags,
} from "../tags-store.ts";
import { useUserState } from "../user-store.ts";
import { arrowStep, scrollLeftToShow, scrollRoom, wheelShift } from "./tag-bar-scroll.ts";

type TagAction = "refresh" | "close" | "closeOthers" | "closeAll";

/** Arrows when the tabs overflow, a vertical wheel scrolls sideways, the active tab kept in view. */
function useTagBarScroll(activeName: string | null, tagCount: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const box = scroller.current;
    if (box)
      setRoom((old) => {
        const next = scrollRoom(box);
        return old.left === next.left && old.right === next.right ? old : next;
      });
  }, []);

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      const shift = wheelShift(box, event.deltaX, event.deltaY);
      if (shift === 0) return;
      event.preventDefault();
      box.scrollLeft += shift;
    };
    box.addEventListener("wheel", onWheel, { passive: false });
    box.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(box);
    return () => {
      box.removeEventListener("wheel", onWheel);
      box.removeEventListener("scroll", measure);
      resize.disconnect();
    };
  }, [measure]);

  // Sideways only (scrollIntoView would also move the window to the tag bar).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab or the list changed.
  useLayoutEffect(() => {
    const box = scroller.current;
    const active = box?.querySelector<HTMLElement>(".tags-view-item-active");
    if (box && active) box.scrollLeft = scrollLeftToShow(box, active.offsetLeft, active.offsetWidth);
    measure();
  }, [activeName, tagCount, measure]);

  const step = (direction: -1 | 1) => {
    const box = scroller.current;
    if (box) box.scrollBy({ left: direction * arrowStep(box), behavior: "smooth" });
  };
  return { scroller, room, step };
}

/** Open pages as tabs under the top bar (SPEC section 4 "Tab views"). */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, allowedRoutes } = useUserState();
  const tags = useTags();
  const activeName = matchRoute(pathname)?.name ?? null;
  const { scroller, room, step } = useTagBarScroll(activeName, tags.length);

  const fallbackPath = () => homePath(user?.authorityNum ?? null, allowedRoutes) ?? "/";

  /**
   * Asks each page about to close or reload whether it may (unsaved edits). A hidden page is
   * shown first: its question belongs on its own screen, next to the edits it is about.
   */
  const askPages = async (names: readonly string[]): Promise<boolean> => {
    for (const name of names) {
      if (!needsLeaveQuestion(name)) continue;
      const tag = tagsStore.get().find((candidate) => candidate.name === name);
      if (shownPage() !== name && tag) {
        navigate(tag.fullPath);
        if (!(await whenShown(name))) return false;
      }
      if (!(await confirmLeave([name]))) return false;
    }
    return true;
  };

  /** After closing tags, leave the page on screen only if its tag is gone. */
  const leaveIfClosed = (remaining: readonly TagView[]) => {
    const shown = shownPage();
    if (shown !== null && remaining.some((tag) => tag.name === shown)) return;
    navigate(nextAfterClose(remaining)?.fullPath ?? fallbackPath());
  };

  const act = async (tag: TagView, action: TagAction) => {
    const before = tagsStore.get();
    const remaining =
      action === "close"
        ? closeTag(before, tag.name)
        : action === "closeOthers"
          ? closeOtherTags(before, tag.name)
          : action === "closeAll"
            ? closeAllTags(before)
            : before;
    const closing = before.filter((c) => !remaining.includes(c)).map((c) => c.name);
    if (!(await askPages(action === "refresh" ? [tag.name] : closing))) return;
    const current = tagsStore.get();
    switch (action) {
      case "refresh": {
        // A kept page would come back as it was: drop it, then re-enter its address.
        discardKeptPage(tag.name);
        const address = current.find((c) => c.name === tag.name)?.fullPath ?? tag.fullPath;
        navigate(`/redirect${address}`, { replace: true });
        return;
      }
      case "close":
        tagsStore.close(tag.name);
        leaveIfClosed(closeTag(current, tag.name));
        return;
      case "closeOthers":
        tagsStore.closeOthers(tag.name);
        if (tag.name !== shownPage()) navigate(tag.fullPath);
        return;
      case "closeAll":
        tagsStore.closeAll();
        leaveIfClosed(closeAllTags(current));
        return;
    }
  };

  const menuFor = (tag: TagView): MenuProps => ({
    items: [
      { key: "refresh", label: t("common:tags.refresh") },
      ...(tag.affix ? [] : [{ key: "close", label: t("common:tags.close") }]),
      {
        key: "closeOthers",
        label: t("common:tags.closeOthers"),
        disabled: closeOtherTags(tags, tag.name).length === tags.length,
      },
      { key: "closeAll", label: t("common:tags.closeAll"), disabled: closeAllTags(tags).length === tags.length },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      void act(tag, key as TagAction);
    },
  });

  const overflowing = room.left || room.right;
  return (
    <nav className="tags-view" aria-label={t("common:tags.label")}>
      {overflowing ? (
        <button
          type="button"
          className="tags-view-arrow"
          aria-label={t("common:tags.scrollLeft")}
          disabled={!room.left}
          onClick={() => step(-1)}
        >
          <LeftOutlined />
        </button>
      ) : null}
      <div className="tags-view-scroll" ref={scroller}>
        {tags.map((tag) => {
          const active = tag.name === activeName;
          return (
            <Dropdown key={tag.name} trigger={["contextMenu"]} menu={menuFor(tag)}>
              <div className={active ? "tags-view-item tags-view-item-active" : "tags-view-item"}>
                <button
                  type="button"
                  className="tags-view-link"
                  onClick={() => navigate(tag.fullPath)}
                  aria-current={active ? "page" : undefined}
                >
                  {t(tag.titleKey)}
                </button>
                {tag.affix ? null : (
                  <button
                    type="button"
                    className="tags-view-close"
                    aria-label={`${t("common:tags.close")} ${t(tag.titleKey)}`}
                    onClick={() => void act(tag, "close")}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {overflowing ? (
        <button
          type="button"
          className="tags-view-arrow"
          aria-label={t("common:tags.scrollRight")}
          disabled={!room.right}
          onClick={() => step(1)}
        >
          <RightOutlined />
        </button>
      ) : null}
    </nav>
  );
}
