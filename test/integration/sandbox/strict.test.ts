/**
 * `--strict` and `--lenient` over real HTTP (test/sandbox/strict.ts): a field the service contract does not list is
 * refused with 400 naming it (nested ones by their path) before the route runs, or dropped silently; Basic-auth calls
 * (the tests' own ground truth) are not checked; the teardown check fails when any request carried one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../sandbox/cli-args';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { assertContractKept } from '../../sandbox/strict';
import { basic, mint, postForm } from './helpers';

const OWNER = 'owner@frontdesk.test';
const RANGE = 'begin=2030-01-01T00:00:00Z&end=2030-01-02T00:00:00Z';

async function call(
  sb: Sandbox,
  method: string,
  path: string,
  auth: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('--strict', () => {
  let sb: Sandbox;
  let bearer: string;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, contacts: 5, events: 5, fields: 'strict' });
    bearer = `Bearer ${(await mint(sb, OWNER)).access_token}`;
  });
  afterAll(async () => {
    await sb.close();
  });

  it('answers a request of listed fields as usual', async () => {
    const res = await call(sb, 'GET', `/v1/events?${RANGE}&page=1&page_size=10`, bearer);
    expect(res.status).toBe(200);
    expect(res.body.events).toBeInstanceOf(Array);
  });

  it('refuses a query parameter the contract does not list, with 400 naming it', async () => {
    const res = await call(sb, 'GET', `/v1/events?${RANGE}&nickname=x`, bearer);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: 'invalid_request', details: { field: 'nickname', in: 'query' } });
    expect(res.body.message).toMatch(/^nickname is not a query parameter of GET \/v1\/events/);
  });

  it('refuses a nested body field by its path, before anything is written', async () => {
    const before = sb.ctx.counters.eventsWritten;
    const event = {
      calendar_id: 1001,
      title: 'Cleaning',
      start_time: '2030-01-08T09:00:00-06:00',
      end_time: '2030-01-08T10:00:00-06:00',
      participants: [{ name: 'Pat Doe', shoe_size: 9 }],
    };
    const res = await call(sb, 'POST', '/v1/events', bearer, { events: [event] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: { field: 'events[0].participants[0].shoe_size', in: 'body' } });
    expect(sb.ctx.counters.eventsWritten).toBe(before);
  });

  it('refuses book_now’s calendar_id in book_now’s own failure shape', async () => {
    const res = await call(sb, 'POST', '/v1/book_now', bearer, {
      booking_page: 'lakeside-dental-cleaning',
      time: '2030-01-08T09:00:00',
      calendar_id: 1003,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.error).toMatch(/^calendar_id is not a field of POST \/v1\/book_now/);
    expect(sb.ctx.counters.bookingsFailed).toBe(0);
  });

  it('refuses an OAuth token request field it does not list, in the OAuth error shape', async () => {
    const res = await postForm(`${sb.url}/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: 'frontdesk-desktop',
      device_name: 'desk 2',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringMatching(/^device_name /),
    });
  });

  it('leaves Basic-auth calls (a script as its own user) unchecked', async () => {
    const owner = sb.users.find((u) => u.email === OWNER)!;
    const res = await call(sb, 'GET', `/v1/events?${RANGE}&nickname=x`, basic(owner.email, owner.apiKey));
    expect(res.status).toBe(200);
  });

  it('keeps what it refused, and the teardown check names each', () => {
    expect(sb.fields.seen.map((s) => `${s.endpoint} ${s.path}`)).toEqual([
      'GET /v1/events nickname',
      'POST /v1/events events[0].participants[0].shoe_size',
      'POST /v1/book_now calendar_id',
      'POST /oauth/token device_name',
    ]);
    expect(() => assertContractKept(sb.fields)).toThrow(/POST \/v1\/book_now: body calendar_id/);
  });
});

describe('--lenient', () => {
  let sb: Sandbox;
  let bearer: string;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, contacts: 5, events: 5, fields: 'lenient' });
    bearer = `Bearer ${(await mint(sb, OWNER)).access_token}`;
  });
  afterAll(async () => {
    await sb.close();
  });

  it('drops an unknown field silently and answers as if it was not sent', async () => {
    const res = await call(sb, 'GET', `/v1/events?${RANGE}&nickname=x`, bearer);
    expect(res.status).toBe(200);
    expect(sb.fields.seen).toEqual([{ endpoint: 'GET /v1/events', in: 'query', path: 'nickname', name: 'nickname' }]);
  });
});

describe('the command line', () => {
  it('takes --strict or --lenient, not both', () => {
    expect(parseCliArgs(['--strict'])).toEqual({ kind: 'run', options: { fields: 'strict' } });
    expect(parseCliArgs(['--lenient', '--port', '0'])).toEqual({
      kind: 'run',
      options: { fields: 'lenient', port: 0 },
    });
    expect(parseCliArgs(['--strict', '--lenient'])).toMatchObject({ kind: 'error' });
    expect(parseCliArgs([])).toEqual({ kind: 'run', options: {} });
  });
});
