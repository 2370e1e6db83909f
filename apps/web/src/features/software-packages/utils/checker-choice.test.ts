import { describe, expect, it } from "vitest";
import { applyChoice, choiceFromKeys, choiceProblem, isInTask, isOnline } from "./checker-choice.ts";

const row = (id: number) => ({ id, deviceCode: `WIFI-${id}`, alias: `Checker ${id}` });

describe("choosing the checkers of a rollout", () => {
  it("keeps the choices of other pages when a page is ticked or unticked", () => {
    const first = applyChoice(new Map(), [row(1), row(2)], true);
    const second = applyChoice(first, [row(3)], true);
    expect([...second.keys()]).toEqual([1, 2, 3]);
    const unticked = applyChoice(second, [row(2), row(3)], false);
    expect([...unticked.values()]).toEqual([row(1)]);
    // The map it was given is left as it was.
    expect(first.size).toBe(2);
  });

  it("does not move a checker ticked again", () => {
    const chosen = applyChoice(applyChoice(new Map(), [row(1), row(2)], true), [row(1)], true);
    expect([...chosen.keys()]).toEqual([1, 2]);
  });

  it("follows the table's keys, keeping the order of earlier choices and naming new ones from their rows", () => {
    const current = applyChoice(new Map(), [row(5), row(2)], true);
    const next = choiceFromKeys(current, [2, 9, 5], [row(9), undefined]);
    expect([...next.keys()]).toEqual([5, 2, 9]);
    expect(next.get(9)).toEqual(row(9));
    expect([...choiceFromKeys(current, [2], []).keys()]).toEqual([2]);
    // A key the table knows no record of is still kept, named by its id.
    expect(choiceFromKeys(new Map(), [4], []).get(4)).toEqual({ id: 4, deviceCode: "4", alias: "" });
  });

  it("refuses no checker and more than the rollout takes", () => {
    expect(choiceProblem(0)).toBe("rolloutNoCheckers");
    expect(choiceProblem(1)).toBeNull();
    expect(choiceProblem(500)).toBeNull();
    expect(choiceProblem(501)).toBe("rolloutTooManyCheckers");
  });

  it("reads a checker's connection and task from its state", () => {
    expect(isOnline("offline")).toBe(false);
    for (const status of ["online", "standby", "grabbing", "collecting", "other"]) expect(isOnline(status)).toBe(true);
    expect(isInTask("grabbing")).toBe(true);
    expect(isInTask("collecting")).toBe(true);
    expect(isInTask("online")).toBe(false);
  });
});
