// What the three processes of `npm run bench:ingest` tell each other, and the arithmetic they share.
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from "node:perf_hooks";

/** A benchmark device: its serial number (MQTT client id and username), secret and indoor unit count. */
export interface BenchDevice {
  serial: string;
  secret: string;
  indoor: number;
}

/**
 * Sequence numbers per serial, as flat [first, last, first, last, …] ranges: a device's numbers
 * are consecutive and acknowledged in order, so a minute of traffic is a pair or two per device.
 */
export type SeqRanges = Record<string, number[]>;

/** Adds `seq` to `ranges`, extending the last range when it follows it. */
export const addToRanges = (ranges: number[], seq: number): void => {
  const last = ranges.length - 1;
  if (last > 0 && ranges[last] === seq - 1) ranges[last] = seq;
  else ranges.push(seq, seq);
};

export const rangesCount = (ranges: number[]): number => {
  let n = 0;
  for (let i = 0; i + 1 < ranges.length; i += 2) n += (ranges[i + 1] as number) - (ranges[i] as number) + 1;
  return n;
};

/** The members of `expected` missing from `got`, at most `sampleSize` of them named. */
export const missingFrom = (expected: SeqRanges, got: SeqRanges, sampleSize = 10) => {
  let missing = 0;
  const sample: string[] = [];
  for (const [serial, ranges] of Object.entries(expected)) {
    const have = new Set<number>();
    const gotRanges = got[serial] ?? [];
    for (let i = 0; i + 1 < gotRanges.length; i += 2)
      for (let s = gotRanges[i] as number; s <= (gotRanges[i + 1] as number); s++) have.add(s);
    for (let i = 0; i + 1 < ranges.length; i += 2) {
      for (let s = ranges[i] as number; s <= (ranges[i + 1] as number); s++) {
        if (have.has(s)) continue;
        missing++;
        if (sample.length < sampleSize) sample.push(`${serial}#${s}`);
      }
    }
  }
  return { missing, sample };
};

export interface Percentiles {
  /** Values measured. */
  count: number;
  /** Values expected: those missing are slower than any measured (never committed). */
  of: number;
  /** null: beyond every measured value (the share not measured is larger than what is above it). */
  p50: number | null;
  p99: number | null;
  max: number | null;
}

export const percentiles = (values: number[], of = values.length): Percentiles => {
  const total = Math.max(of, values.length);
  if (total === 0) return { count: 0, of: 0, p50: null, p99: null, max: null };
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => {
    const i = Math.min(total - 1, Math.floor(q * total));
    return i < sorted.length ? (sorted[i] as number) : null;
  };
  return { count: values.length, of: total, p50: at(0.5), p99: at(0.99), max: at(1) };
};

/** The measured window: messages published in it are timed; commits in it make the rate. */
export interface Window {
  from: number;
  to: number;
}

/** CPU seconds and event-loop utilisation of one process over the window. */
export interface ProcessLoad {
  cpuSeconds: number;
  eventLoopUtilization: number;
  /** Garbage collection in the window: every pause summed, the longest, and the full (major) ones. */
  gc?: { totalMs: number; maxMs: number; major: number };
  /** The event loop's longest delay in the window (ms): how long the process answered nothing at worst. */
  loopDelayMaxMs?: number;
}

/** Snapshots CPU and event-loop use at the window's start and end (epoch ms), and times GC in between. */
export const measureLoad = (window: Window): Promise<ProcessLoad> =>
  new Promise((resolve) => {
    let cpu: NodeJS.CpuUsage | undefined;
    let elu: ReturnType<typeof performance.eventLoopUtilization> | undefined;
    const gc = { totalMs: 0, maxMs: 0, major: 0 };
    // A long pause of the sink's event loop is a dip in its commit rate; this says whether GC made it.
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime + performance.timeOrigin < window.from) continue;
        gc.totalMs += entry.duration;
        gc.maxMs = Math.max(gc.maxMs, entry.duration);
        const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
        if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
      }
    });
    observer.observe({ entryTypes: ["gc"] });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    setTimeout(
      () => {
        cpu = process.cpuUsage();
        elu = performance.eventLoopUtilization();
        delay.enable();
      },
      Math.max(0, window.from - Date.now()),
    );
    setTimeout(
      () => {
        observer.disconnect();
        delay.disable();
        const used = process.cpuUsage(cpu);
        resolve({
          cpuSeconds: (used.user + used.system) / 1e6,
          eventLoopUtilization: performance.eventLoopUtilization(elu).utilization,
          gc,
          loopDelayMaxMs: delay.max / 1e6,
        });
      },
      Math.max(0, window.to - Date.now()),
    );
  });

/** Counts per whole second of the window, for the timeline. */
export const perSecond = (times: number[], window: Window): number[] => {
  const seconds = Math.ceil((window.to - window.from) / 1000);
  const counts = new Array<number>(seconds).fill(0);
  for (const t of times) {
    if (t < window.from || t >= window.to) continue;
    const i = Math.floor((t - window.from) / 1000);
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
};

export interface PublisherReport {
  devices: number;
  connected: number;
  connectFailures: string[];
  published: number;
  acked: number;
  publishErrors: number;
  /** Published but not acknowledged when the publishers stopped (a broker that pushes back holds them on the devices). */
  unacknowledged: number;
  /** Messages the schedule asked for that the publishers could not send in time (they fell behind). */
  skipped: number;
  publishedInWindow: number;
  ackedInWindow: number;
  byTopic: Record<string, number>;
  /** Publish to PUBACK, ms, for messages published in the window; its count is how many of them were acknowledged. */
  ackLatency: Percentiles;
  ackedRanges: SeqRanges;
  disconnects: number;
  load: ProcessLoad;
  timeline: number[];
}

export interface SinkReport {
  mode: "server" | "baseline";
  engine: string;
  /** Messages committed (server) or received (baseline) with their commit/arrival in the window. */
  inWindow: number;
  perSecond: number;
  /** Publish (the payload's ts) to commit or arrival, ms, for messages published in the window. */
  latency: Percentiles;
  /** Acknowledged by the broker, never committed (or received); final when the drain ended "drained" or "stalled". */
  lost: number;
  lostSample: string[];
  /** Committed (or received) in all, the warm-up and the drain included. */
  total: number;
  /** From the end of publishing until everything acknowledged was committed, or the drain gave up. */
  drainMs: number;
  drained: boolean;
  /**
   * drained: everything acknowledged was committed; stalled: nothing arrived or was left to write
   * for a while, so what is missing never reached the server; hopeless: the commit rate could not
   * clear the backlog in the time left; timeout: the time was up.
   */
  drainEnd: "drained" | "stalled" | "hopeless" | "timeout";
  /** Messages still waiting (queued in the writer, or unreceived) when the drain ended. */
  pendingAtEnd: number;
  /** The largest writer queue seen during the run (0 for the baseline). */
  backlogMax: number;
  /** [seconds from the window's start (negative in the warm-up), the largest queue in that second]. */
  backlogBySecond?: [number, number][];
  /** [seconds from the window's start, writer transactions committed, their messages, their mean ms]. */
  transactionsBySecond?: [number, number, number, number][];
  batches?: { count: number; meanSize: number; txMs: Percentiles };
  counters?: Record<string, unknown>;
  rows?: Record<string, number>;
  load: ProcessLoad;
  timeline: number[];
  setupMs: number;
}

export type ToPublishers =
  | { type: "connect"; url: string; devices: BenchDevice[] }
  | { type: "run"; rate: number; startAt: number; window: Window; ackWaitMs: number }
  | { type: "stop" };

export type FromPublishers =
  | { type: "connected"; connected: number; failed: string[]; ms: number }
  | { type: "done"; report: PublisherReport };

export type ToSink =
  | { type: "window"; window: Window }
  | { type: "settle"; expected: number; publishedUntil: number; maxMs: number; stallMs: number }
  | { type: "report"; acked: SeqRanges; timed: number }
  | { type: "stop" };

export type FromSink =
  | { type: "ready"; url: string; devices: BenchDevice[]; setupMs: number }
  | { type: "settled" }
  | { type: "report"; report: SinkReport };
