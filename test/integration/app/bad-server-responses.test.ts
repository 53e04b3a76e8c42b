/** A service that answers nonsense gets a clear error naming the endpoint — never a crash or a hang. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCore } from '../../support/core-fixture';

const BODIES: [string, string, string][] = [
  ['an HTML page', 'text/html', '<html><body>Maintenance</body></html>'],
  ['truncated JSON', 'application/json', '{"events":[{"id":1,'],
  ['the wrong shape', 'application/json', '{"events":"none","booking_pages":{"a":1},"contacts":42}'],
  [
    'items without required fields',
    'application/json',
    '{"events":[{"title":"x"}],"booking_pages":[{"name":1}],"contacts":[{"foo":"bar"}]}',
  ],
  ['an empty body', 'application/json', ''],
  ['null', 'application/json', 'null'],
];

let server: Server;
let body = BODIES[0]!;
let made: ReturnType<typeof makeCore>;
const trusted = { url: 'app://frontdesk/index.html', isMainFrame: true };

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': body[1] }).end(body[2]));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  made = makeCore(url);
  await made.core.start();
  const now = Date.now();
  made.core.auth.tokens.set({
    v: 1,
    serviceUrl: url,
    clientId: 'frontdesk-desktop',
    tokens: { accessToken: 'test-access', refreshToken: null, issuedAt: now, expiresAt: now + 3_600_000, scopes: [] },
    identity: {
      userId: '1',
      userName: 'Test',
      userEmail: 't@example.test',
      accountId: '1',
      accountName: 'Test',
      accountEmail: 't@example.test',
      actingForOther: false,
    },
  });
});
afterAll(async () => {
  await made.cleanup();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe.each(BODIES)('a service answering %s', (name, type, text) => {
  it.each([
    ['calendar:range', { begin: '2030-01-07T00:00:00Z', end: '2030-01-07T23:59:59Z' }, 'GET /v1/events'],
    ['bookings:pages', undefined, 'GET /v1/booking_pages'],
    ['contacts:search', { query: 'ann' }, 'GET /v1/contacts'],
  ])('%s → service_error naming %s', async (channel, args, endpoint) => {
    body = [name, type, text];
    const result = await made.core.dispatch(channel, args, trusted);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('service_error');
      expect(result.error.message).toContain(endpoint);
    }
  });
});
