/**
 * How much CPU the rest of the machine used while a row was measured: the machine's busy time (/proc/stat) less the
 * bench's own process tree's (its browser, the browser host and every child, /proc/<pid>/stat), per second of the
 * row, in cores. The 1-minute load average cannot say this on a small machine: the bench's own Chromium, host and
 * sandbox keep it above 2 on two cores when nothing else runs at all.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Starts watching; the stop gives the other processes' CPU in cores, or null where /proc cannot be read. */
export interface CpuWatch {
  start(): () => number | null;
}

/** Clock ticks per second of /proc's counters (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The machine's busy ticks (all cores): user, nice, system, irq, softirq, steal. */
function machineBusy(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
}

/** One process's parent and its CPU ticks, its children that were waited for included; null once it is gone. */
function processStat(pid: string): { ppid: number; ticks: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return { ppid: Number(fields[1]), ticks: utime! + stime! + cutime! + cstime! };
}

/** The ticks of `root` and every process under it. */
function treeTicks(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  let ticks = 0;
  for (const [pid, stat] of stats) {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 0 && hops < 64; hops++) {
      if (at === root) {
        ticks += stat.ticks;
        break;
      }
      at = stats.get(at)?.ppid;
    }
  }
  return ticks;
}

/** The watch over /proc for this process's tree (null figures where /proc is not there). */
export const procCpu: CpuWatch = {
  start() {
    let begin: { machine: number; ours: number; at: number };
    try {
      begin = { machine: machineBusy(), ours: treeTicks(process.pid), at: performance.now() };
    } catch {
      return () => null;
    }
    return () => {
      try {
        const seconds = (performance.now() - begin.at) / 1000;
        if (seconds <= 0) return null;
        const others = machineBusy() - begin.machine - (treeTicks(process.pid) - begin.ours);
        return Math.max(0, others / TICKS / seconds);
      } catch {
        return null;
      }
    };
  },
};
