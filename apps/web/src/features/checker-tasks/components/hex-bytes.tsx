import { useMemo } from "react";
import { byteRuns } from "../utils/bus-frames.ts";

/** A frame's bytes, two hex digits each, spaced; the bytes the search matched are marked. */
export function HexBytes({ hex, pattern }: { hex: string; pattern: string }) {
  const runs = useMemo(() => byteRuns(hex, pattern), [hex, pattern]);
  return (
    <span className="checker-tasks-mono checker-tasks-hex">
      {runs.map((run, i) => (
        // Runs alternate between matched and not, so their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <span key={i}>
          {i > 0 ? " " : null}
          {run.match ? <mark className="checker-tasks-hex-match">{run.text}</mark> : run.text}
        </span>
      ))}
    </span>
  );
}
