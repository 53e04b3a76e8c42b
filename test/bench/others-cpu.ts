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

/** One process's parent, its own CPU ticks and those of its children it waited for; null once it is gone. */
function processStat(pid: string): { ppid: number; ticks: number; waited: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return {
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
    waited: Number(fields[13]) + Number(fields[14]),
  };
}

/** `root` and every process under it now, by pid. */
function tree(root: number): Map<number, { ppid: number; ticks: number; waited: number }> {
  const stats = new Map<number, { ppid: number; ticks: number; waited: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  const mine = new Map<number, { ppid: number; ticks: number; waited: number }>();
  for (const [pid, stat] of stats)
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 0 && hops < 64; hops++) {
      if (at === root) {
        mine.set(pid, stat);
        break;
      }
      at = stats.get(at)?.ppid;
    }
  return mine;
}

/** How often the bench's process tree is looked at while a row runs. */
const LOOK_EVERY_MS = 500;

/**
 * The watch over /proc for this process's tree (null figures where /proc is not there). Each process is counted by
 * its own ticks as last seen in the tree, looked at every LOOK_EVERY_MS: a browser's helpers are left to the system
 * when the browser quits (their parent gone, what they used leaves the tree's own counters), so a look at the end
 * alone would count them as another program's. A child this process waited for (one run to its end, even while the
 * looks could not run) is counted by what this process's counters of its waited-for children gained.
 */
export const procCpu: CpuWatch = {
  start() {
    const root = process.pid;
    const seen = new Map<number, { ppid: number; first: number; last: number }>();
    let begin: { machine: number; waited: number; at: number };
    const look = () => {
      const now = tree(root);
      for (const [pid, stat] of now) {
        const known = seen.get(pid);
        if (known) known.last = stat.ticks;
        else seen.set(pid, { ppid: stat.ppid, first: 0, last: stat.ticks });
      }
      return now;
    };
    try {
      const now = tree(root);
      for (const [pid, stat] of now) seen.set(pid, { ppid: stat.ppid, first: stat.ticks, last: stat.ticks });
      begin = { machine: machineBusy(), waited: now.get(root)?.waited ?? 0, at: performance.now() };
    } catch {
      return () => null;
    }
    const timer = setInterval(() => {
      try {
        look();
      } catch {
        // /proc went away: the figure at the end says so
      }
    }, LOOK_EVERY_MS);
    timer.unref();
    return () => {
      clearInterval(timer);
      try {
        const now = look();
        const seconds = (performance.now() - begin.at) / 1000;
        if (seconds <= 0) return null;
        let ours = (now.get(root)?.waited ?? begin.waited) - begin.waited;
        for (const [pid, p] of seen) {
          // A child of this process that is gone was waited for: its whole time is in the count above, the part
          // it used before the row began too.
          if (p.ppid === root && !now.has(pid)) ours -= p.first;
          else ours += p.last - p.first;
        }
        const others = machineBusy() - begin.machine - ours;
        return Math.max(0, others / TICKS / seconds);
      } catch {
        return null;
      }
    };
  },
};
