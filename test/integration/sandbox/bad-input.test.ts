import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { badRequest } from '../../sandbox/errors';
import type { Sandbox } from '../../sandbox/server';
import { postJson, start } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start(
    {},
    {
      extend(app) {
        app.post('/v1/test-echo', async (req) => ({ body: req.body }));
        app.get('/v1/test-bad', async () => badRequest('nope', { field: 'x' }));
        app.get('/v1/test-zod', async (req) => z.strictObject({ n: z.coerce.number().int() }).parse(req.query));
        app.get('/v1/test-crash', async () => {
          throw new Error('boom');
        });
      },
    },
  );
});
afterAll(() => sb.close());

describe('bad input gets a clear 4xx JSON error', () => {
  it('malformed JSON → 400 invalid_json', async () => {
    const res = await postJson(`${sb.url}/v1/test-echo`, '{"a":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: 'invalid_json', message: expect.stringContaining('JSON') });
  });

  it('empty JSON body → 400', async () => {
    const res = await fetch(`${sb.url}/v1/test-echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: string }).errors).toBeTruthy();
  });

  it('__proto__ in JSON → 400', async () => {
    const res = await postJson(`${sb.url}/v1/test-echo`, '{"__proto__":{"x":1}}');
    expect(res.status).toBe(400);
  });

  it('a body over 1 MB → 413 payload_too_large', async () => {
    const res = await postJson(`${sb.url}/v1/test-echo`, { x: 'a'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      errors: 'payload_too_large',
      message: 'request body is larger than the 1 MB limit',
    });
  });

  it('a body just under 1 MB is accepted', async () => {
    const res = await postJson(`${sb.url}/v1/test-echo`, { x: 'a'.repeat(1_000_000) });
    expect(res.status).toBe(200);
  });

  it('an unknown content type → 415 JSON', async () => {
    const res = await fetch(`${sb.url}/v1/test-echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { errors: string }).errors).toBe('unsupported_media_type');
  });

  it('over 1 MB on the token endpoint → 413 in OAuth error form', async () => {
    const res = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=${'a'.repeat(1_100_000)}`,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('unknown routes → 404 JSON', async () => {
    const res = await fetch(`${sb.url}/v1/nope?x=<script>`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: 'not_found', message: 'no route GET /v1/nope' });
    expect((await fetch(`${sb.url}/`, { method: 'PATCH' })).status).toBe(404);
  });

  it('a broken URL encoding → 400 JSON', async () => {
    const res = await fetch(`${sb.url}/v1/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: string }).errors).toBe('invalid_request');
  });

  it('badRequest() from errors.ts → 400 {errors, message, details}', async () => {
    const res = await fetch(`${sb.url}/v1/test-bad`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: 'invalid_request', message: 'nope', details: { field: 'x' } });
  });

  it('an uncaught ZodError → 400 invalid_request with details', async () => {
    const res = await fetch(`${sb.url}/v1/test-zod?n=abc`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: string; details: Array<{ path: string }> };
    expect(body.errors).toBe('invalid_request');
    expect(body.details[0]!.path).toBe('n');
  });

  it('an unexpected crash is a loud 500 (the one thing the fuzz test must never see)', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await fetch(`${sb.url}/v1/test-crash`);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { errors: string }).errors).toBe('internal_error');
      expect(spy).toHaveBeenCalledWith(
        expect.stringContaining('UNEXPECTED 500 on GET /v1/test-crash'),
        expect.any(Error),
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('hostile header values do not crash auth', async () => {
    for (const h of [
      'Bearer \u00ff\u00fe',
      'Basic ' + 'A'.repeat(5000),
      'Basic Og==',
      'Bearer ' + 'x'.repeat(10_000),
      ' ',
    ]) {
      const res = await fetch(`${sb.url}/v1/userinfo`, { headers: { authorization: h } });
      expect(res.status).toBe(401);
    }
  });

  it('a malformed form body on the login page → an HTML 400, not a crash', async () => {
    const res = await fetch(`${sb.url}/oauth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'rid=%E0%A4%A&email=',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
