import { describe, expect, it } from 'vitest';
import { whySeedFailed } from '../../consistency/report';

const report = [
  ' RUN  v3 /repo',
  'stdout | test/consistency/consistency.e2e.ts > seed 7: 60 steps',
  'consistency: seed 7, 60 steps in 412 s: 1 contradictions, 1 steps that could not run',
  '  time: 1 (Bookings)',
  '  step 12 (move by edit) time — Cleaning — [Bookings] 09:00 where the service has 09:15',
  '  could not run: step 30 (mark: Ada #4): locator.click: Timeout 30000ms exceeded (steps.ts:88:7)',
  'again with: npm run test:consistency -- --seed 7',
  'steps: mark ×9',
  ' FAIL  test/consistency/consistency.e2e.ts > seed 7',
  'AssertionError: consistency: seed 7 ...',
].join('\n');

describe('whySeedFailed', () => {
  it("repeats the test's own report and the lines under it, no more", () => {
    expect(whySeedFailed(report)).toEqual([
      'consistency: seed 7, 60 steps in 412 s: 1 contradictions, 1 steps that could not run',
      '  time: 1 (Bookings)',
      '  step 12 (move by edit) time — Cleaning — [Bookings] 09:00 where the service has 09:15',
      '  could not run: step 30 (mark: Ada #4): locator.click: Timeout 30000ms exceeded (steps.ts:88:7)',
    ]);
  });

  it('reads through vitest colours', () => {
    const coloured = `\x1b[32mconsistency: seed 7, 60 steps in 9 s: 0 contradictions, 1 steps that could not run\x1b[39m\n\x1b[2m  could not run: x\x1b[22m\nagain with: y`;
    expect(whySeedFailed(coloured)).toEqual([
      'consistency: seed 7, 60 steps in 9 s: 0 contradictions, 1 steps that could not run',
      '  could not run: x',
    ]);
  });

  it("falls back to vitest's error lines when the test never reported (a timeout)", () => {
    const timedOut = [
      ' RUN  v3',
      ' FAIL  test/consistency/consistency.e2e.ts > seed 7',
      'Error: Test timed out in 900000ms.',
      'passed',
    ].join('\n');
    expect(whySeedFailed(timedOut)).toEqual([
      ' FAIL  test/consistency/consistency.e2e.ts > seed 7',
      'Error: Test timed out in 900000ms.',
    ]);
  });

  it('keeps a long report short, and says how much it left out', () => {
    const long = [
      'consistency: seed 7, 60 steps in 9 s: 40 contradictions, 0 steps that could not run',
      ...Array.from({ length: 40 }, (_, i) => `  step ${i} ${'x'.repeat(400)}`),
    ].join('\n');
    const why = whySeedFailed(long, 10);
    expect(why).toHaveLength(11);
    expect(why[10]).toBe('  … and 31 more lines');
    expect(why.every((l) => l.length <= 300)).toBe(true);
  });
});
