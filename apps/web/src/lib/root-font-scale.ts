/**
 * SPEC section 9's root font scale: the page width divided by 131, at most 200 px. Kept as the
 * `--app-root-font` custom property rather than the html font size, so Ant Design's own sizes
 * (pixels from its theme) stay as they are; the figures that should grow with the screen (the
 * dashboard's big numbers) size themselves from it.
 */
export const ROOT_FONT_DIVISOR = 131;
export const ROOT_FONT_MAX_PX = 200;

export const rootFontSize = (pageWidth: number): number => Math.min(pageWidth / ROOT_FONT_DIVISOR, ROOT_FONT_MAX_PX);

/** Sets the property now and on every resize (once a frame at most). */
export const startRootFontScale = (): void => {
  if (typeof window === "undefined") return;
  let frame = 0;
  const apply = () => {
    frame = 0;
    const size = rootFontSize(document.documentElement.clientWidth);
    document.documentElement.style.setProperty("--app-root-font", `${size.toFixed(2)}px`);
  };
  apply();
  window.addEventListener("resize", () => {
    if (frame === 0) frame = requestAnimationFrame(apply);
  });
};
