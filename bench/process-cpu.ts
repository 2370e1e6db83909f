import { readdirSync, readFileSync } from "node:fs";

/** CPU time (jiffies) of the machine and of the database and broker processes, for their share of the window. */
export const cpuSnapshot = () => {
  const [, ...fields] = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/);
  const numbers = fields.map(Number);
  const idle = (numbers[3] ?? 0) + (numbers[4] ?? 0);
  const total = numbers.reduce((a, b) => a + b, 0);
  const byName: Record<string, number> = { postgres: 0, mosquitto: 0 };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (!(name in byName)) continue;
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      byName[name] = (byName[name] ?? 0) + Number(rest[11]) + Number(rest[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return { busy: total - idle, total, byName };
};
export type CpuSnapshot = ReturnType<typeof cpuSnapshot>;
/** Jiffies per second. */
export const TICKS = 100;
