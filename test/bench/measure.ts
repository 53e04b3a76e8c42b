/** Runs a function repeatedly and reports the median and spread, in milliseconds. */
export interface Figure {
  name: string;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

/** Times `fn` `runs` times after `warmup` untimed runs. */
export async function measure(
  name: string,
  fn: () => unknown | Promise<unknown>,
  runs = 30,
  warmup = 3,
): Promise<Figure> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median =
    times.length % 2 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
  return { name, runs, medianMs: median, minMs: times[0]!, maxMs: times[times.length - 1]! };
}

/** One line per figure. */
export function report(figures: Figure[]): string {
  const width = Math.max(...figures.map((f) => f.name.length));
  return figures
    .map(
      (f) =>
        `${f.name.padEnd(width)}  median ${f.medianMs.toFixed(2).padStart(8)} ms   min ${f.minMs.toFixed(2)}   max ${f.maxMs.toFixed(2)}   (${f.runs} runs)`,
    )
    .join('\n');
}
