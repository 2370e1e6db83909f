import { Grid } from "antd";

/** Phone-width screens (below antd's `md`), where drawers take the full width and charts get shorter. */
export const useIsNarrow = (): boolean => {
  const screens = Grid.useBreakpoint();
  return screens.md === false;
};
