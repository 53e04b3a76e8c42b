/**
 * The log holds what support needs and nothing else: after a sign-in, a token renewal, a patient added and sent, the
 * service going away and coming back, and a refused WebSocket, every log file is searched for every secret and every
 * patient detail the run used.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContactsScreen } from './support/contacts-screen';
import { useStack } from './support/stack';

/** Watches (does not change) what the core sends to the token endpoint, to learn the code and verifier values. */
const sentToTokenEndpoint: string[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url.endsWith('/oauth/token') && init?.body) {
    for (const [name, value] of new URLSearchParams(String(init.body)))
      if (['code', 'code_verifier', 'refresh_token'].includes(name)) sentToTokenEndpoint.push(value);
  }
  return realFetch(input, init);
};
afterAll(() => {
  globalThis.fetch = realFetch;
});

const stack = useStack();

const patient = {
  firstName: 'Philippa',
  lastName: 'Quennell',
  phone: '(312) 555-0164',
  email: 'pq.frontdesk@example.com',
};

describe('log', () => {
  it('logs sign-in, renewal, outbox, connectivity and refusals, with no secret or patient detail in any log file', async () => {
    const app = await stack.open();
    const portal = await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    const callback = new URL(portal.url());
    const first = stack.host.core.auth.tokens.current()!.tokens;
    const renewed = await stack.host.core.auth.tokens.refresh();

    // A patient added and sent; then the service goes away and comes back.
    const contacts = new ContactsScreen(app);
    await contacts.open();
    await contacts.create(patient);
    await contacts.waitForRow(`${patient.firstName} ${patient.lastName}`, '');
    await stack.stopService();
    await app.waitForConnectivity('offline');
    await stack.startService();
    await app.waitForConnectivity('online');

    // A WebSocket without the run's key is refused.
    const forged = new WebSocket(stack.host.origin.replace('http', 'ws'));
    await new Promise((done) => {
      forged.addEventListener('error', done);
      forged.addEventListener('close', done);
    });

    const files = readdirSync(stack.logDir);
    expect(files).toContain('main.log');
    const text = files.map((f) => readFileSync(join(stack.logDir, f), 'utf8')).join('\n');
    const entries = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { message: string; data?: Record<string, unknown> });
    const messages = entries.map((e) => e.message);
    for (const expected of [
      'sign-in started in the browser',
      'signed in',
      'renewed the sign-in',
      'connectivity changed',
      'outbox change',
      'refused a WebSocket',
    ])
      expect(messages).toContain(expected);
    expect(entries.filter((e) => e.message === 'outbox change').map((e) => e.data?.['now'])).toEqual(
      expect.arrayContaining(['queued', 'sending', 'done']),
    );

    // The tabs' own keys (each sent to its page once, in exchange for the printed key it was opened with).
    const tabKeys = stack.wire.flatMap((frame) =>
      frame.startsWith('{"type":"tab-key"') ? [(JSON.parse(frame) as { key: string }).key] : [],
    );
    expect(tabKeys.length).toBeGreaterThanOrEqual(1);
    const secrets = [
      first.accessToken,
      first.refreshToken,
      renewed.accessToken,
      renewed.refreshToken,
      callback.searchParams.get('code'),
      callback.searchParams.get('state'),
      ...tabKeys,
      ...sentToTokenEndpoint,
    ].filter((s): s is string => Boolean(s));
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    const details = [
      patient.firstName,
      patient.lastName,
      patient.email,
      patient.phone,
      '3125550164',
      '555-0164',
      '5550164',
      'owner@frontdesk.test',
    ];
    for (const value of [...secrets, ...details]) expect(text).not.toContain(value);
    expect(text).not.toMatch(/Bearer [A-Za-z0-9]/);
    await app.page.context().close();
  }, 120_000);
});
