/** Pure geometry of the tag bar's horizontal scrolling (tested without a browser). */

export interface ScrollBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** Room kept beside a tab brought into view, so its neighbour's edge shows there is more. */
export const TAB_MARGIN_PX = 24;

/** Which way the bar can still scroll; a pixel of rounding is not "more". */
export const scrollRoom = (box: ScrollBox): { left: boolean; right: boolean } => ({
  left: box.scrollLeft > 1,
  right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
});

/** The scrollLeft that shows the tab spanning [start, start + width), moving as little as possible. */
export const scrollLeftToShow = (box: ScrollBox, start: number, width: number): number => {
  const max = Math.max(0, box.scrollWidth - box.clientWidth);
  const clamp = (value: number) => Math.min(max, Math.max(0, value));
  if (start - TAB_MARGIN_PX < box.scrollLeft) return clamp(start - TAB_MARGIN_PX);
  if (start + width + TAB_MARGIN_PX > box.scrollLeft + box.clientWidth) {
    return clamp(start + width + TAB_MARGIN_PX - box.clientWidth);
  }
  return box.scrollLeft;
};

/** An arrow's step: most of a bar's width, so one tab of the last view stays for orientation. */
export const arrowStep = (box: ScrollBox): number => Math.max(80, Math.round(box.clientWidth * 0.75));

/**
 * How far a wheel turn scrolls the bar sideways: a vertical wheel (most mice) moves it too. Zero
 * when the bar cannot move that way, so the page scrolls as usual at the bar's ends.
 */
export const wheelShift = (box: ScrollBox, deltaX: number, deltaY: number): number => {
  const delta = Math.abs(deltaY) > Math.abs(deltaX) ? deltaY : deltaX;
  const room = scrollRoom(box);
  if ((delta < 0 && !room.left) || (delta > 0 && !room.right)) return 0;
  return delta;
};
