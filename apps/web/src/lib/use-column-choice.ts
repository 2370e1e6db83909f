import { useCallback, useSyncExternalStore } from "react";
import { type ColumnChoice, columnChoiceKey, NO_CHOICE, parseColumnChoice } from "./column-fit.ts";
import { readStorage, StorageKey } from "./storage.ts";

/**
 * The column chooser (in a list's toolbar) and the list table are separate components on a page;
 * they meet here, by list id: the remembered choice, kept in localStorage per account, and what
 * the table last left out for lack of room, kept in memory.
 */

const listeners = new Set<() => void>();
const choices = new Map<string, ColumnChoice>();
const crowdedByList = new Map<string, readonly string[]>();
const NONE: readonly string[] = [];

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const notify = () => {
  for (const listener of listeners) listener();
};

const storageKey = (listId: string) => columnChoiceKey(readStorage(StorageKey.customerId), listId);

const localStore = (): Storage | undefined => {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

const readChoice = (listId: string): ColumnChoice => {
  const key = storageKey(listId);
  let choice = choices.get(key);
  if (!choice) {
    try {
      choice = parseColumnChoice(localStore()?.getItem(key) ?? null);
    } catch {
      choice = NO_CHOICE;
    }
    choices.set(key, choice);
  }
  return choice;
};

const writeChoice = (listId: string, choice: ColumnChoice) => {
  const key = storageKey(listId);
  choices.set(key, choice);
  try {
    if (choice.hidden.length === 0 && choice.shown.length === 0) localStore()?.removeItem(key);
    else localStore()?.setItem(key, JSON.stringify(choice));
  } catch {
    // Quota or privacy mode: the choice holds for this page load only.
  }
  notify();
};

/** The signed-in account's choice for `listId` (no id: nothing remembered) and the way to change it. */
export const useColumnChoice = (listId: string | undefined): [ColumnChoice, (next: ColumnChoice) => void] => {
  const choice = useSyncExternalStore(subscribe, () => (listId ? readChoice(listId) : NO_CHOICE));
  const set = useCallback((next: ColumnChoice) => listId && writeChoice(listId, next), [listId]);
  return [choice, set];
};

/** Columns the list's table left out for lack of room, for the chooser to say so. */
export const useCrowdedColumns = (listId: string): readonly string[] =>
  useSyncExternalStore(subscribe, () => crowdedByList.get(listId) ?? NONE);

export const publishCrowded = (listId: string, crowded: readonly string[]): void => {
  const before = crowdedByList.get(listId) ?? NONE;
  if (before.length === crowded.length && before.every((k, i) => k === crowded[i])) return;
  crowdedByList.set(listId, crowded);
  notify();
};
