/**
 * What a failed seed's output says went wrong, repeated at the very end of `npm run test:consistency`: CI keeps only
 * the tail of a log, and a seed's own report is printed minutes before the run ends.
 */

/**
 * The test's own report (`consistency: seed N, 60 steps in … s: …` and the indented lines under it), else the lines of
 * vitest's output that name an error; at most `most` lines, each at most 300 characters.
 */
export function whySeedFailed(output: string, most = 30): string[] {
  // eslint-disable-next-line no-control-regex -- vitest's colours, when it ran with them
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const head = lines.findIndex((l) => /^consistency: seed \d+, \d+ steps in /.test(l));
  const picked: string[] = [];
  if (head >= 0) {
    picked.push(lines[head]!);
    for (const line of lines.slice(head + 1)) {
      if (!/^ {2}\S/.test(line)) break;
      picked.push(line);
    }
  } else picked.push(...lines.filter((l) => /Error|FAIL|[Tt]imed out/.test(l)).slice(-12));
  const cut = picked.map((l) => (l.length > 300 ? `${l.slice(0, 299)}…` : l));
  return cut.length > most ? [...cut.slice(0, most), `  … and ${cut.length - most} more lines`] : cut;
}
