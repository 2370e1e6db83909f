import { CloseOutlined } from "@ant-design/icons";
import { Dropdown, type MenuProps } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { confirmLeave } from "../../lib/leave-guard.ts";
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

type TagAction = "refresh" | "close" | "closeOthers" | "closeAll";

/** Open pages as tabs under the top bar (SPEC section 4 "Tab views"). */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { user, allowedRoutes } = useUserState();
  const tags = useTags();
  const activeName = matchRoute(pathname)?.name ?? null;
  const scroller = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll the active tag into view whenever it or the list changes.
  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>(".tags-view-item-active");
    active?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [activeName, tags.length]);

  const fallbackPath = () => homePath(user?.authorityNum ?? null, allowedRoutes) ?? "/";

  /** After closing tags, leave the active page only if its tag is gone. */
  const leaveIfClosed = (remaining: readonly TagView[]) => {
    if (activeName !== null && remaining.some((tag) => tag.name === activeName)) return;
    navigate(nextAfterClose(remaining)?.fullPath ?? fallbackPath());
  };

  const act = async (tag: TagView, action: TagAction) => {
    // Pages with unsaved edits may ask first (leave-guard registry); the tags about to close are asked.
    const before = tagsStore.get();
    const remaining =
      action === "close"
        ? closeTag(before, tag.name)
        : action === "closeOthers"
          ? closeOtherTags(before, tag.name)
          : action === "closeAll"
            ? closeAllTags(before)
            : before;
    if (!(await confirmLeave(before.filter((c) => !remaining.includes(c)).map((c) => c.name)))) return;
    const current = tagsStore.get();
    switch (action) {
      case "refresh":
        navigate(`/redirect${tag.name === activeName ? `${pathname}${search}` : tag.fullPath}`, { replace: true });
        return;
      case "close":
        tagsStore.close(tag.name);
        leaveIfClosed(closeTag(current, tag.name));
        return;
      case "closeOthers":
        tagsStore.closeOthers(tag.name);
        if (tag.name !== activeName) navigate(tag.fullPath);
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

  if (tags.length === 0) return <div className="tags-view" />;

  return (
    <nav className="tags-view" aria-label={t("common:tags.label")}>
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
    </nav>
  );
}
