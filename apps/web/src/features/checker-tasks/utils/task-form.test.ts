import { Errors } from "@vrf/contract/errors.ts";
import { ZCreateTaskRequest } from "@vrf/contract/hi-checker/tasks.ts";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_INTERVAL,
  emptyTaskForm,
  endAtProblem,
  fieldOfServerError,
  hasTaskEdits,
  intervalAfterKindChange,
  intervalRange,
  isIntervalAllowed,
  latestEndAt,
  toCreateRequest,
} from "./task-form.ts";

describe("the interval rule", () => {
  it("depends on the kind: capture 60-3600 s, collection 1-86400 s", () => {
    expect(intervalRange("capture")).toEqual({ min: 60, max: 3600 });
    expect(intervalRange("collection")).toEqual({ min: 1, max: 86_400 });
    expect([59, 60, 3600, 3601].map((s) => isIntervalAllowed("capture", s))).toEqual([false, true, true, false]);
    expect([0, 1, 86_400, 86_401].map((s) => isIntervalAllowed("collection", s))).toEqual([false, true, true, false]);
    expect(isIntervalAllowed("collection", 1.5)).toBe(false);
  });

  it("agrees with the contract's request schema", () => {
    const request = (kind: "capture" | "collection", intervalS: number) =>
      ZCreateTaskRequest.safeParse({ deviceId: 1, name: "A", kind, intervalS, endAt: Date.now() + 60_000 }).success;
    for (const kind of ["capture", "collection"] as const) {
      for (const seconds of [0, 1, 59, 60, 300, 3600, 3601, 86_400, 86_401]) {
        expect(isIntervalAllowed(kind, seconds), `${kind} ${seconds}`).toBe(request(kind, seconds));
      }
    }
  });

  it("follows the kind when the user left the default, and keeps what the user typed", () => {
    expect(intervalAfterKindChange("capture", "collection", DEFAULT_INTERVAL.capture)).toBe(300);
    expect(intervalAfterKindChange("collection", "capture", DEFAULT_INTERVAL.collection)).toBe(60);
    expect(intervalAfterKindChange("capture", "collection", null)).toBe(300);
    expect(intervalAfterKindChange("capture", "collection", 120)).toBe(120);
    expect(intervalAfterKindChange("collection", "capture", 5)).toBe(5);
  });
});

describe("the end time", () => {
  const now = Date.parse("2026-03-01T10:00:00.000Z");

  it("must be later than now and at most 31 days ahead", () => {
    expect(endAtProblem(null, now)).toBe("required");
    expect(endAtProblem(now, now)).toBe("notLater");
    expect(endAtProblem(now - 1, now)).toBe("notLater");
    expect(endAtProblem(now + 60_000, now)).toBeNull();
    expect(endAtProblem(latestEndAt(now), now)).toBeNull();
    expect(endAtProblem(latestEndAt(now) + 1, now)).toBe("tooLong");
    expect(latestEndAt(now) - now).toBe(31 * 86_400_000);
  });
});

describe("the create request", () => {
  it("sends trimmed texts and the end time as epoch ms on a whole minute", () => {
    const endAt = dayjs("2026-03-02T08:30:42.123Z");
    const request = toCreateRequest({
      deviceId: 4,
      name: "  Site visit ",
      kind: "collection",
      intervalS: 30,
      endAt,
      notes: " roof units \n",
    });
    expect(request).toEqual({
      deviceId: 4,
      name: "Site visit",
      kind: "collection",
      intervalS: 30,
      endAt: Date.parse("2026-03-02T08:30:00.000Z"),
      notes: "roof units",
    });
    expect(ZCreateTaskRequest.safeParse(request).success).toBe(true);
  });
});

describe("unsaved edits", () => {
  it("are what the user typed or changed, not the checker chosen", () => {
    expect(hasTaskEdits(emptyTaskForm(null))).toBe(false);
    expect(hasTaskEdits({ ...emptyTaskForm(null), deviceId: 9 })).toBe(false);
    expect(hasTaskEdits({ ...emptyTaskForm(null), name: " " })).toBe(false);
    expect(hasTaskEdits({ ...emptyTaskForm(null), name: "Roof" })).toBe(true);
    expect(hasTaskEdits({ ...emptyTaskForm(null), notes: "x" })).toBe(true);
    expect(hasTaskEdits({ ...emptyTaskForm(null), endAt: dayjs() })).toBe(true);
    expect(hasTaskEdits({ ...emptyTaskForm(null), kind: "collection", intervalS: 300 })).toBe(true);
    expect(hasTaskEdits({ ...emptyTaskForm(null), intervalS: 120 })).toBe(true);
  });
});

describe("server refusals", () => {
  it("go under the field they are about", () => {
    expect(fieldOfServerError(Errors.captureInterval.errorCode)).toBe("intervalS");
    expect(fieldOfServerError(Errors.collectionInterval.errorCode)).toBe("intervalS");
    expect(fieldOfServerError(Errors.taskEndNotLater.errorCode)).toBe("endAt");
    expect(fieldOfServerError(Errors.taskTooLong.errorCode)).toBe("endAt");
    expect(fieldOfServerError(Errors.checkerBusy.errorCode)).toBe("deviceId");
    expect(fieldOfServerError(Errors.deviceOffline.errorCode)).toBe("deviceId");
  });

  it("and the others in the alert", () => {
    expect(fieldOfServerError(Errors.brokerUnavailable.errorCode)).toBeNull();
    expect(fieldOfServerError(Errors.parameterError.errorCode)).toBeNull();
    expect(fieldOfServerError(-1)).toBeNull();
  });
});
