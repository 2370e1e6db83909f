import { useSyncExternalStore } from "react";
import { onSessionChange } from "../lib/session.ts";

/** One open page in the tags view (SPEC section 3 "Tab views"). */
export interface TagView {
  /** Route name; one tag per route. */
  name: string;
  /** Path with query, the address the tag returns to. */
  fullPath: string;
  titleKey: string;
  /** The module's home tab: cannot be closed. */
  affix: boolean;
  /** Never kept alive (SPEC's never-cached list). */
  noCache: boolean;
}

/** Adds a tag or, when the route already has one, updates its address and title. */
export const addTag = (tags: readonly TagView[], tag: TagView): TagView[] => {
  const index = tags.findIndex((t) => t.name === tag.name);
  if (index === -1) return tag.affix ? [tag, ...tags] : [...tags, tag];
  const current = tags[index] as TagView;
  if (current.fullPath === tag.fullPath && current.titleKey === tag.titleKey) return [...tags];
  const next = [...tags];
  next[index] = { ...current, fullPath: tag.fullPath, titleKey: tag.titleKey };
  return next;
};

export const closeTag = (tags: readonly TagView[], name: string): TagView[] =>
  tags.filter((t) => t.affix || t.name !== name);

export const closeOtherTags = (tags: readonly TagView[], name: string): TagView[] =>
  tags.filter((t) => t.affix || t.name === name);

export const closeAllTags = (tags: readonly TagView[]): TagView[] => tags.filter((t) => t.affix);

/** Names whose page state may be kept between visits. */
export const cachedTagNames = (tags: readonly TagView[]): string[] => tags.filter((t) => !t.noCache).map((t) => t.name);

/** Where to go after closing the active tag: the last remaining one, if any. */
export const nextAfterClose = (tags: readonly TagView[]): TagView | undefined => tags.at(-1);

let tags: readonly TagView[] = [];
const listeners = new Set<() => void>();
const setTags = (next: readonly TagView[]) => {
  tags = next;
  for (const listener of listeners) listener();
};

export const tagsStore = {
  get: (): readonly TagView[] => tags,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add: (tag: TagView) => setTags(addTag(tags, tag)),
  close: (name: string) => setTags(closeTag(tags, name)),
  closeOthers: (name: string) => setTags(closeOtherTags(tags, name)),
  closeAll: () => setTags(closeAllTags(tags)),
  clear: () => setTags([]),
};

// Tabs belong to one session and one module.
onSessionChange(() => tagsStore.clear());

export const useTags = (): readonly TagView[] =>
  useSyncExternalStore(tagsStore.subscribe, tagsStore.get, tagsStore.get);
