/**
 * Texts read or answered on this workstation stay read after a sign-out and the same account's next sign-in (the read
 * cache is wiped at sign-out; the read marks are kept apart, cache/account-notes.ts), and another account signing in
 * on the same workstation is shown nothing of them: its threads read as on a workstation it never used. The sandbox
 * and the core run on the suite's fixed clock (test/e2e/support/clock.ts, noon).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../../main/core/given-clock';
import { signInAs, type MadeCore } from '../../support/auth-fixture';
import { call, useSandbox, waitForOp } from '../../support/bootstrap';
import { resolveAt } from '../../e2e/support/clock';
import { messagingCore, patientTexts } from './messages-kit';

const clock = clockFrom(resolveAt('noon')!);
const kit = useSandbox({ contacts: 60, events: 80, now: () => new Date(clock.now()) });
const cores: MadeCore[] = [];
afterAll(async () => {
  for (const made of cores.splice(0)) await made.cleanup();
});

const unreadOf = async (made: MadeCore) =>
  Object.fromEntries((await call(made, 'messages:threads', {})).threads.map((t) => [t.id, t.unread]));

describe('read marks', () => {
  it('last through a sign-out for the same account, and are none of another account’s', async () => {
    const made = await messagingCore(kit.sb, { clock });
    cores.push(made);
    const list = await call(made, 'messages:threads', {});
    const unread = list.threads.filter((t) => t.unread > 0);
    expect(unread.length).toBeGreaterThanOrEqual(3);
    const [read, answered] = unread;

    // One thread read, one answered (the answer reaches the service).
    await call(made, 'messages:mark-read', { id: read!.id });
    const reply = await call(made, 'messages:reply', { threadId: answered!.id, text: 'Thank you, see you then.' });
    await waitForOp(made, reply.id);
    const before = await call(made, 'messages:threads', {});
    expect(before.unreadTotal).toBe(list.unreadTotal - read!.unread - answered!.unread);
    const counts = await unreadOf(made);
    expect([counts[read!.id], counts[answered!.id]]).toEqual([0, 0]);

    // Signed out (the offline copies go), then the same account signs in again on this workstation.
    await call(made, 'auth:sign-out');
    await signInAs(made, 'owner@frontdesk.test');
    const again = await call(made, 'messages:threads', {});
    expect(again.unreadTotal).toBe(before.unreadTotal);
    expect(await unreadOf(made)).toEqual(counts);

    // Another account on the same workstation reads its threads as a workstation it never used would.
    const texted = await patientTexts(kit.sb, {
      account: 'staff@frontdesk.test',
      phone_number: '(212) 555-0188',
      content: 'Can I move my appointment?',
    });
    expect(texted.status).toBe(200);
    await call(made, 'auth:sign-out');
    await signInAs(made, 'staff@frontdesk.test');
    const staff = await call(made, 'messages:threads', {});
    const fresh = await messagingCore(kit.sb, { clock });
    cores.push(fresh);
    await call(fresh, 'auth:sign-out');
    await signInAs(fresh, 'staff@frontdesk.test');
    const staffElsewhere = await call(fresh, 'messages:threads', {});
    expect(staff.threads.map((t) => [t.id, t.unread])).toEqual(staffElsewhere.threads.map((t) => [t.id, t.unread]));
    expect(staff.unreadTotal).toBe(staffElsewhere.unreadTotal);
    expect(staff.unreadTotal).toBeGreaterThan(0);
    expect(staff.threads.some((t) => t.id in counts)).toBe(false);
  });
});
