/**
 * Core's own lifecycle on a real core: every part of core hears the account that goes signed out (and finishes with
 * it) before the one that comes is announced, and a part that subscribes late hears the same steps from then on.
 */
import { expect, it } from 'vitest';
import type { SessionEvent } from '../../../main/core/session-events';
import { signInAs, useAuthKit } from '../../support/auth-fixture';

const kit = useAuthKit({ core: 'custom-scheme', readAhead: false });

it('signs the last account out everywhere before another signs in, in the same order for late listeners', async () => {
  const { core } = kit.made;
  /** Every step every listener heard, in the order heard. */
  const heard: { who: string; event: SessionEvent }[] = [];
  const listen = (who: string) => (event: SessionEvent) => void heard.push({ who, event });
  core.session.on(listen('early'));

  await signInAs(kit.made, 'owner@frontdesk.test');
  const owner = core.auth.accountKey()!;
  // Subscribes while the owner is signed in: told so at once, as if it had been there.
  core.session.on(listen('late'));
  // A listener that takes its time over a sign-out is waited for before the next account is announced.
  core.session.on(async (event) => {
    if (event.type === 'signed_out') await new Promise<void>((resolve) => setImmediate(resolve));
    heard.push({ who: 'slow', event });
  });
  await signInAs(kit.made, 'staff@frontdesk.test');
  const staff = core.auth.accountKey()!;
  await core.auth.signOut();

  const name = (key: string | null) =>
    key === null ? 'none' : key === owner ? 'owner' : key === staff ? 'staff' : key;
  const step = ({ event: e }: { event: SessionEvent }) =>
    e.type === 'signed_out' ? `signed_out ${name(e.account)} ${e.why}` : `${e.type} ${name(e.account)}`;
  /** One listener's steps, a status repeated while signed in folded into one. */
  const stepsOf = (who: string) =>
    heard
      .filter((h) => h.who === who)
      .map(step)
      .filter((s, i, all) => s !== all[i - 1]);

  const expected = [
    'account_changed owner',
    'signed_in owner',
    'signed_out owner replaced',
    'account_changed staff',
    'signed_in staff',
    'signed_out staff signed_out',
    'account_changed none',
  ];
  expect(stepsOf('early')).toEqual(expected);
  expect(stepsOf('late')).toEqual(expected);
  expect(stepsOf('slow')).toEqual(expected);
  // Every listener, the slow one too, is done with the owner before any hears of the staff member.
  const steps = heard.map(step);
  expect(steps.lastIndexOf('signed_out owner replaced')).toBeLessThan(steps.indexOf('account_changed staff'));
  expect(heard.filter((h) => step(h) === 'signed_out owner replaced').map((h) => h.who)).toEqual([
    'early',
    'late',
    'slow',
  ]);
});
