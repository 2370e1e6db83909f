import { Drawer, Grid } from "antd";
import type { ReactNode } from "react";
import "./detail-drawer.css";

/**
 * One row of a log list in full (the web app's error log, rejected device messages): a wide
 * drawer on a desktop, the whole screen on a phone, emptied when closed so the next row starts
 * at the top.
 */
export function DetailDrawer({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer open={open} onClose={onClose} title={title} size={screens.md ? 720 : "100%"} destroyOnHidden>
      {children}
    </Drawer>
  );
}

/**
 * Text as it was sent, in a fixed-width font, scrolling inside the drawer instead of widening it:
 * a stack trace keeps its lines (`wrap` off); a message body of one long line wraps anywhere.
 */
export function DetailText({ text, wrap = false, className }: { text: string; wrap?: boolean; className?: string }) {
  return (
    <pre className={["detail-text", wrap ? "detail-text-wrap" : "", className ?? ""].join(" ").trim()}>{text}</pre>
  );
}
