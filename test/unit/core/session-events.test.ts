/** The lifecycle channel itself: listeners in turn, a failing one does not silence the rest, late ones are told. */
import { expect, it } from 'vitest';
import type { AuthStatus } from '../../../common/contract';
import { SessionEvents, type SessionEvent } from '../../../main/core/session-events';

const status = {} as AuthStatus; // only carried through

it('tells every listener although one fails, and rejects with that failure once all have heard', async () => {
  const session = new SessionEvents();
  const heard: string[] = [];
  session.on(() => {
    throw new Error('broken');
  });
  session.on((e) => void heard.push(e.type));
  await expect(session.emit({ type: 'signed_out', account: 'a', why: 'signed_out' })).rejects.toThrow('broken');
  expect(heard).toEqual(['signed_out']);
});

it('tells a listener that subscribes while signed in who is signed in, and nothing once signed out', async () => {
  const session = new SessionEvents();
  await session.emit({ type: 'account_changed', account: 'a', previous: null });
  await session.emit({ type: 'signed_in', account: 'a', status });
  const late: SessionEvent[] = [];
  session.on((e) => void late.push(e));
  expect(late).toEqual([
    { type: 'account_changed', account: 'a', previous: null },
    { type: 'signed_in', account: 'a', status },
  ]);
  await session.emit({ type: 'signed_out', account: 'a', why: 'signed_out' });
  const after: SessionEvent[] = [];
  session.on((e) => void after.push(e));
  expect(after).toEqual([]);
});
