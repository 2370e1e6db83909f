import { describe, expect, it } from "vitest";
import { arrowStep, scrollLeftToShow, scrollRoom, TAB_MARGIN_PX, wheelShift } from "./tag-bar-scroll.ts";

const bar = { scrollLeft: 200, clientWidth: 500, scrollWidth: 1400 };

describe("tag bar scrolling", () => {
  it("knows which way it can still scroll", () => {
    expect(scrollRoom(bar)).toEqual({ left: true, right: true });
    expect(scrollRoom({ ...bar, scrollLeft: 0 })).toEqual({ left: false, right: true });
    expect(scrollRoom({ ...bar, scrollLeft: 900 })).toEqual({ left: true, right: false });
    expect(scrollRoom({ scrollLeft: 0, clientWidth: 500, scrollWidth: 500.5 })).toEqual({ left: false, right: false });
  });

  it("brings a tab hidden on the left or the right into view, and leaves a visible one alone", () => {
    expect(scrollLeftToShow(bar, 40, 90)).toBe(40 - TAB_MARGIN_PX);
    expect(scrollLeftToShow(bar, 10, 90)).toBe(0);
    expect(scrollLeftToShow(bar, 800, 100)).toBe(800 + 100 + TAB_MARGIN_PX - 500);
    expect(scrollLeftToShow(bar, 1300, 100)).toBe(900);
    expect(scrollLeftToShow(bar, 300, 100)).toBe(200);
  });

  it("turns a vertical wheel into sideways scrolling, but not past either end", () => {
    expect(wheelShift(bar, 0, 120)).toBe(120);
    expect(wheelShift(bar, 0, -120)).toBe(-120);
    expect(wheelShift(bar, 60, 10)).toBe(60);
    expect(wheelShift({ ...bar, scrollLeft: 0 }, 0, -120)).toBe(0);
    expect(wheelShift({ ...bar, scrollLeft: 900 }, 0, 120)).toBe(0);
  });

  it("steps most of a bar's width per arrow click", () => {
    expect(arrowStep(bar)).toBe(375);
    expect(arrowStep({ ...bar, clientWidth: 60 })).toBe(80);
  });
});
