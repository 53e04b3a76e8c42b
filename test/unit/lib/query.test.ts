/**
 * The one query helper (renderer/lib/query.ts): the newest question wins, the same question in flight shares one
 * call (unless the query says every question makes its own), `cancel()` drops every answer so far, and `turn()`
 * tells a store whether its question is still the newest after it went on waiting. Answers are let go by hand, so
 * the order is the test's, not the clock's.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../common/contract';
import { inFlight, query } from '../../../renderer/lib/query';

/** A bridge call whose answers the test lets go, one per call, in any order. */
function held() {
  const calls: { args: string; answer: (value: string) => void }[] = [];
  const ask = (args: string) =>
    new Promise<Result<string>>((resolve) => {
      calls.push({ args, answer: (value) => resolve({ ok: true, value }) });
    });
  return { calls, ask };
}

describe('query', () => {
  it('drops the answer of an older question that lands after a newer one', async () => {
    const { calls, ask } = held();
    const q = query(ask);
    const older = q.run('a');
    const newer = q.run('ab');
    calls[1]!.answer('AB');
    calls[0]!.answer('A');
    expect(await newer).toEqual({ ok: true, value: 'AB' });
    expect(await older).toBeNull();
  });

  it('shares one call for the same question in flight; the newest asker gets the answer', async () => {
    const { calls, ask } = held();
    const q = query(ask);
    const first = q.run('a');
    const again = q.run('a');
    expect(calls).toHaveLength(1);
    calls[0]!.answer('A');
    expect(await again).toEqual({ ok: true, value: 'A' });
    expect(await first).toBeNull();
    // Once answered, the same question is a new call.
    void q.run('a');
    expect(calls).toHaveLength(2);
  });

  it('makes a call per question when it does not share', async () => {
    const { calls, ask } = held();
    const q = query(ask, { shareInFlight: false });
    const first = q.run('a');
    const again = q.run('a');
    expect(calls).toHaveLength(2);
    calls[1]!.answer('A fresh');
    calls[0]!.answer('A stale');
    expect(await again).toEqual({ ok: true, value: 'A fresh' });
    expect(await first).toBeNull();
  });

  it('cancel() drops every answer so far, and the same question asked after it is a new call', async () => {
    const { calls, ask } = held();
    const q = query(ask);
    const before = q.run('a');
    q.cancel();
    const after = q.run('a');
    expect(calls).toHaveLength(2);
    calls[0]!.answer('old account');
    calls[1]!.answer('new account');
    expect(await before).toBeNull();
    expect(await after).toEqual({ ok: true, value: 'new account' });
  });

  it('turn() stays true until another question is asked or cancel() is called', () => {
    const { ask } = held();
    const q = query(ask);
    void q.run('a');
    const mine = q.turn();
    expect(mine()).toBe(true);
    void q.run('b');
    expect(mine()).toBe(false);
    const next = q.turn();
    q.cancel();
    expect(next()).toBe(false);
  });
});

describe('inFlight', () => {
  it('hands every asker of the same question the one answer, then asks anew', async () => {
    const { calls, ask } = held();
    const reads = inFlight(ask);
    const one = reads.run('7');
    const two = reads.run('7');
    const other = reads.run('8');
    expect(calls.map((c) => c.args)).toEqual(['7', '8']);
    calls[0]!.answer('seven');
    calls[1]!.answer('eight');
    expect(await one).toEqual({ ok: true, value: 'seven' });
    expect(await two).toEqual({ ok: true, value: 'seven' });
    expect(await other).toEqual({ ok: true, value: 'eight' });
    void reads.run('7');
    expect(calls).toHaveLength(3);
  });

  it('does not share a call that failed or was forgotten', async () => {
    let n = 0;
    const reads = inFlight((_: number) =>
      ++n === 1 ? Promise.reject(new Error('gone')) : new Promise<never>(() => {}),
    );
    await expect(reads.run(1)).rejects.toThrow('gone');
    void reads.run(1);
    expect(n).toBe(2);
    reads.forget();
    void reads.run(1);
    expect(n).toBe(3);
  });
});
