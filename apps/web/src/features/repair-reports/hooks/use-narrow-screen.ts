import { Grid } from "antd";

/** Below the md breakpoint (768 px) tables drop fixed columns and paging shrinks. */
export const useNarrowScreen = (): boolean => {
  const screens = Grid.useBreakpoint();
  return screens.md === false;
};
