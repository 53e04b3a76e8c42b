/**
 * Frontdesk against a service that answers within its documents' freedom (the sandbox's `--vary 20`, test/sandbox/vary.ts):
 * userinfo, calendars and lists first answer a proxy's 502 page; pages hold at most 30; conversations carry no change
 * marker (updated_at, last_message_at absent; message_count null); Retry-After comes as an HTTP date.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/core/api/service-error';
import type { MadeCore } from '../../support/auth-fixture';
import { call, ownerGet, useSandbox } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';
import { messagingCore, patientTexts, recordEvents } from '../messages/messages-kit';
import { tokenClient } from '../outbox/outbox-setup';
import { z } from 'zod';

const SEED = 20;
// Data seed 2: 51 bookings, more than one page of 30.
const kit = useSandbox({ seed: 2, vary: { seed: SEED, slowMs: 100 } });
const cores: MadeCore[] = [];
afterEach(async () => {
  for (const made of cores.splice(0)) await made.cleanup();
  await kit.admin().clearFaults();
});

async function minted(): Promise<string> {
  const res = await fetch(`${kit.sb.url}/__sandbox/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@frontdesk.test' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('a varied service (--vary 20)', () => {
  it('the seed chose what this file relies on', () => {
    expect(kit.sb.vary.profile).toMatchObject({ pageCap: 30, keepsRefreshToken: false, omitsExpiresIn: false });
  });

  it('a read is asked once more past a proxy’s 502 page, and gets the answer', async () => {
    const token = await minted();
    const client = tokenClient(kit.sb.url, () => token);
    const { calendars } = await client.request({
      method: 'GET',
      path: '/v1/calendars',
      schema: z.object({ calendars: z.array(z.object({ id: z.number() })) }),
    });
    expect(calendars.length).toBeGreaterThan(0);
    expect(kit.sb.vary.gateway).toContain('/v1/calendars');
  });

  it('waits as long as a Retry-After date says, counted on the service’s clock, not a workstation’s that is off', async () => {
    const token = await minted();
    const yearBehind = { now: () => Date.now() - 365 * 24 * 3600_000, setTimeout: () => () => undefined };
    const client = tokenClient(kit.sb.url, () => token, yearBehind);
    await kit.admin().faults({ rateLimit: { retryAfterS: 3, count: 1 }, routes: ['/v1/booking_pages'] });
    const error = await client.request({ method: 'GET', path: '/v1/booking_pages', schema: z.unknown() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    const { kind, details } = error as ServiceError;
    expect(kind).toBe('retryable');
    expect(details.retryAfterMs).toBeGreaterThanOrEqual(3000);
    expect(details.retryAfterMs).toBeLessThanOrEqual(5000);
  });

  it('signs in while userinfo first answers a proxy’s 502 page, and lists every booking over pages of 30', async () => {
    const made = await messagingCore(kit.sb);
    cores.push(made);
    expect(kit.sb.vary.gateway).toContain('/v1/userinfo');
    const { body } = await ownerGet<{ bookings: { id: number }[] }>(kit.sb, '/v1/bookings', { page_size: 1000 });
    expect(body.bookings.length).toBeGreaterThan(30);
    const ids: number[] = [];
    for (let page = 1, more = true; more; page++) {
      const list = await call(made, 'bookings:list', { page });
      ids.push(...list.items.map((b) => b.id));
      more = list.more;
    }
    expect(ids.sort()).toEqual(body.bookings.map((b) => b.id).sort());
  });

  it('tells a patient’s reply in a thread without change markers, and marks it read without last_message_at', async () => {
    const made = await messagingCore(kit.sb, { pollMs: 150 });
    cores.push(made);
    const inbound = recordEvents(made, 'messages:inbound');
    const list = await call(made, 'messages:threads', {});
    const thread = list.threads.find((t) => t.name)!;
    const res = await patientTexts(kit.sb, { conversation_id: thread.id, content: 'Cancel please' });
    expect(res.status).toBe(200);
    const event = await waitFor(() => inbound.find((e) => e.threadId === thread.id), { what: 'the inbound event' });
    expect(event).toMatchObject({ text: 'Cancel please', unreadTotal: list.unreadTotal + 1 });
    await call(made, 'messages:thread', { id: thread.id });
    const after = await call(made, 'messages:mark-read', { id: thread.id });
    expect(after.unreadTotal).toBe(list.unreadTotal + 1 - (thread.unread + 1));
  });
});
