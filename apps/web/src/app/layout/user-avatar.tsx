import { type ReactNode, useState } from "react";

/**
 * The signed-in user's picture in the top bar, or `fallback` (the name's initial) without one or
 * when it fails to load: antd's Avatar at 28 px as it shows here, drawn in layout.css, since the
 * top bar is in every first load of the shell and Avatar brings antd's responsive grid along.
 */
export function UserAvatar({ src, fallback }: { src: string | undefined; fallback: ReactNode }) {
  // The address that failed: a new picture gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string>();
  return (
    <span className="navbar-avatar">
      {src && src !== failedSrc ? <img src={src} alt="" onError={() => setFailedSrc(src)} /> : fallback}
    </span>
  );
}
