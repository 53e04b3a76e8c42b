import { describe, expect, it } from 'vitest';
import { DATA_MARK, dataToPaint, PAINTED_MARK } from '../../bench/marks';
import { attempt, runUnits, selectUnits, type Unit } from '../../bench/runner';
import type { CpuWatch } from '../../bench/others-cpu';
import { sample, valueRow } from '../../bench/table';

const unit = (name: string, ids: string[], run: Unit['run'], extra: Partial<Unit> = {}): Unit => ({
  name,
  ids,
  half: 'page',
  title: `${name} rows`,
  run,
  ...extra,
});
const quiet = () => 0.5;
/** Where /proc cannot be read: the other processes' CPU is not known. */
const unknownCpu: CpuWatch = { start: () => () => null };
/** The other processes used `cores` while the unit ran. */
const othersUsed = (cores: number): CpuWatch => ({ start: () => () => cores });

describe('a mark that never came', () => {
  it('is named, not a TypeError', () => {
    const painted = [{ name: PAINTED_MARK, startTime: 120 }];
    expect(() => dataToPaint(painted, 100)).toThrow(`the ${DATA_MARK} mark was missing`);
    expect(() => dataToPaint([{ name: DATA_MARK, startTime: 110 }], 100)).toThrow(`the ${PAINTED_MARK} mark`);
  });

  it('measures from the data after the click to the paint after the data', () => {
    const marks = [
      { name: DATA_MARK, startTime: 50 }, // before the click: another range's
      { name: PAINTED_MARK, startTime: 105 }, // before the data: another range's paint
      { name: DATA_MARK, startTime: 110 },
      { name: PAINTED_MARK, startTime: 135 },
    ];
    expect(dataToPaint(marks, 100)).toBe(25);
  });

  it('gives its unit an error row saying what was missing, and the run goes on', async () => {
    const rows = await runUnits(
      [
        unit('schedule', ['3a', '3b'], async () => [
          valueRow('3a. painted', dataToPaint([{ name: PAINTED_MARK, startTime: 5 }], 0), 'ms', '< 100 ms', null),
        ]),
        unit('bridge', ['9'], async () => [valueRow('9. bridge', 1, 'ms', 'report', null)]),
      ],
      quiet,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ metric: '3a–3b. schedule rows', frontdesk: null, pass: false });
    expect(rows[0]!.error).toContain(`the ${DATA_MARK} mark was missing`);
    expect(rows[1]).toMatchObject({ metric: '9. bridge', frontdesk: 1 });
  });

  it('fails only its own row when the unit measures its rows one by one', async () => {
    const rows = [
      await attempt('3a. day', '< 100 ms', async () => valueRow('3a. day', 1, 'ms', '< 100 ms', null)),
      await attempt('3b. week', '< 200 ms', async () =>
        valueRow('3b. week', dataToPaint([], 0), 'ms', '< 200 ms', null),
      ),
    ];
    expect(rows[0]).toMatchObject({ metric: '3a. day', frontdesk: 1 });
    expect(rows[1]).toMatchObject({ metric: '3b. week', target: '< 200 ms', pass: false });
    expect(rows[1]!.error).toContain(DATA_MARK);
  });
});

describe('the load each row was measured under', () => {
  const one = (extra: Partial<Unit> = {}) =>
    unit('shown', ['2'], async () => [valueRow('2. shown', 10, 'ms', 'report', null)], extra);
  const noop = () => undefined;

  it('is recorded on the row; without the others’ CPU, the row is unreliable above a load of 2', async () => {
    expect((await runUnits([one()], () => 1.5, noop, unknownCpu))[0]).toMatchObject({ load: 1.5, reliable: true });
    expect((await runUnits([one()], () => 2.5, noop, unknownCpu))[0]).toMatchObject({ load: 2.5, reliable: false });
  });

  it('takes the highest seen while the row ran', async () => {
    const loads = [1, 3.25];
    expect((await runUnits([one()], () => loads.shift() ?? 0, noop, unknownCpu))[0]).toMatchObject({
      load: 3.25,
      reliable: false,
    });
  });

  it('with the others’ CPU known, marks the row by what the other processes used, not by its own load', async () => {
    // The bench's own browser and host hold the load above 2: nothing else ran, the row stands.
    expect((await runUnits([one()], () => 3.2, noop, othersUsed(0.05)))[0]).toMatchObject({
      load: 3.2,
      others: 0.05,
      reliable: true,
    });
    // Another test run beside it: unreliable, whatever the load average read.
    expect((await runUnits([one()], () => 1.2, noop, othersUsed(1.4)))[0]).toMatchObject({
      others: 1.4,
      reliable: false,
    });
  });

  it('leaves a row no load can move reliable', async () => {
    expect((await runUnits([one({ loadFree: true })], () => 9, noop, othersUsed(2)))[0]).toMatchObject({
      load: 9,
      reliable: true,
    });
  });
});

describe('BENCH_ROWS', () => {
  const units = [
    unit('schedule', ['3a', '3b', '3c'], async () => []),
    unit('requests', ['11'], async () => []),
    unit('queued', ['6a', '6b', '8'], async () => [], { half: 'core' }),
  ];
  const names = (spec: string | undefined) => selectUnits(units, spec).map((u) => u.name);

  it('runs every row when unset', () => {
    expect(names(undefined)).toEqual(['schedule', 'requests', 'queued']);
  });

  it('takes a half, a name, a row or a row number, comma-separated', () => {
    expect(names('core')).toEqual(['queued']);
    expect(names('page')).toEqual(['schedule', 'requests']);
    expect(names('11')).toEqual(['requests']);
    expect(names('3')).toEqual(['schedule']);
    expect(names('8')).toEqual(['queued']);
    expect(names('3b, requests')).toEqual(['schedule', 'requests']);
    expect(() => names('1')).toThrow('no row or unit "1"'); // row 11 is not row 1's
  });

  it('refuses a word that names nothing, before anything runs', () => {
    expect(() => names('sceduel')).toThrow('no row or unit "sceduel"');
  });
});

describe('a timed row', () => {
  it('is the median of at least 5 repetitions, with their min and max', () => {
    expect(sample([5, 1, 4, 2, 3])).toEqual({ median: 3, min: 1, max: 5, runs: 5 });
    expect(() => sample([1, 2, 3])).toThrow('at least 5');
    const row = valueRow('3a. day', sample([30, 10, 20, 50, 40]), 'ms', '< 100 ms', (v) => v < 100);
    expect(row).toMatchObject({ frontdesk: 30, min: 10, max: 50, runs: 5, pass: true });
  });
});
