/** The test kit's failure hook: a failing test prints the core's memory log, a passing one prints nothing. */
import { describe, expect, it } from 'vitest';
import { printLogOnFailure } from '../../support/bootstrap';

describe('printLogOnFailure', () => {
  const printed: string[] = [];
  const log = { lines: ['info core started'] };

  it('prints nothing when the test passes', (context) => {
    printLogOnFailure(
      context,
      () => ({ log }),
      (text) => printed.push(text),
    );
  });

  // `fails`: vitest runs the failure hooks before it turns this expected failure into a pass.
  it.fails('a failing test', (context) => {
    printLogOnFailure(
      context,
      () => ({ log }),
      (text) => printed.push(text),
    );
    log.lines.push('warn written after the hook was set');
    expect('the value').toBe('another value');
  });

  it('printed the log of the failed test only, as it was when the test failed', () => {
    expect(printed).toEqual([
      '--- core log for "a failing test" ---\ninfo core started\nwarn written after the hook was set',
    ]);
  });
});
