import { describe, expect, it } from 'vitest';
import { formatLogLine } from '../../../main/core/log/log-line';
import { redactText, redactValue } from '../../../main/core/log/redact';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
const opaque = 'Zk3pQ9vT_2mWx-8LrN5sYb0cJd7hEa4u';

describe('log redaction', () => {
  it('blanks fields named like secrets or patient details, whatever their value', () => {
    const out = redactValue({
      access_token: 'a',
      refreshToken: 'b',
      code: 'c',
      code_verifier: 'd',
      state: 'e',
      Authorization: 'Bearer f',
      name: 'Maria Lopez',
      phone: '7085550142',
      emails: ['maria@example.com'],
      nested: { first_name: 'Maria', count: 3 },
      kind: 'contact.create',
      count: 2,
    });
    expect(out).toEqual({
      access_token: '[redacted]',
      refreshToken: '[redacted]',
      code: '[redacted]',
      code_verifier: '[redacted]',
      state: '[redacted]',
      Authorization: '[redacted]',
      name: '[redacted]',
      phone: '[redacted]',
      emails: '[redacted]',
      nested: { first_name: '[redacted]', count: 3 },
      kind: 'contact.create',
      count: 2,
    });
  });

  it('blanks secret-shaped and patient-shaped text inside messages', () => {
    const text = redactText(
      `GET /callback?code=${opaque}&state=s7 Authorization: Bearer ${opaque} ${jwt} ` +
        `{"access_token":"short"} maria.lopez@example.com (708) 555-0142 +1 708.555.0143 key=abc`,
    );
    for (const secret of [opaque, jwt, 's7', 'short', 'maria.lopez@example.com', '555-0142', '555.0143', 'abc'])
      expect(text).not.toContain(secret);
    expect(text).toContain('code=[redacted]');
    expect(text).toContain('Bearer [redacted]');
  });

  it('keeps what support needs: op ids, dates, times, counts, kinds, HTTP statuses', () => {
    const id = '3f2a9c1e-7b4d-4e2a-9f1c-0a1b2c3d4e5f';
    const text = `op ${id} sent at 2026-11-23T10:15:00.000Z (10:15), status 503, 12 waiting, attempt 3`;
    expect(redactText(text)).toBe(text);
  });

  it('writes one JSON line per entry, redacted, with time and level', () => {
    const line = formatLogLine(Date.UTC(2026, 10, 23, 9), 'warn', `refused ${opaque}`, { phone: '708 555 0142', n: 1 });
    expect(JSON.parse(line)).toEqual({
      time: '2026-11-23T09:00:00.000Z',
      level: 'warn',
      message: 'refused [redacted]',
      data: { phone: '[redacted]', n: 1 },
    });
    expect(line).not.toContain('\n');
  });

  it('survives cycles and errors', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    expect(redactValue(cyclic)).toEqual({ a: 1, self: '[…]' });
    expect(redactValue({ error: new Error(`token ${opaque}`) })).toEqual({
      error: { name: 'Error', message: 'token [redacted]' },
    });
  });
});
