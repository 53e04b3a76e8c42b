/** Retry-After in both of RFC 9110's forms, and which gateway answers a read may be asked past at once. */
import { describe, expect, it } from 'vitest';
import { gatewayBlip, parseRetryAfter } from '../../../main/core/api/service-error';

const NOW = Date.parse('2030-01-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date, counted from our clock when the answer has no Date', () => {
    expect(parseRetryAfter('Tue, 01 Jan 2030 12:00:05 GMT', NOW)).toBe(5000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 11:59:00 GMT', NOW)).toBe(0);
  });

  it('counts a date from the answer’s own Date header when it has one (our clock may be off)', () => {
    const ourClockAYearBehind = NOW - 365 * 24 * 3600_000;
    expect(parseRetryAfter('Tue, 01 Jan 2030 12:00:05 GMT', ourClockAYearBehind, 'Tue, 01 Jan 2030 12:00:00 GMT')).toBe(
      5000,
    );
    expect(parseRetryAfter('Tue, 01 Jan 2030 12:00:05 GMT', NOW, 'not a date')).toBe(5000);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
  });
});

describe('gatewayBlip', () => {
  const answer = (status: number, headers: Record<string, string> = {}) => ({ status, headers: new Headers(headers) });

  it('is a 502, 503 or 504 that asks for no wait', () => {
    expect(gatewayBlip(answer(502), NOW)).toBe(true);
    expect(gatewayBlip(answer(503, { 'retry-after': '0' }), NOW)).toBe(true);
    expect(gatewayBlip(answer(504), NOW)).toBe(true);
  });

  it('is not one that asks for a wait, nor another status', () => {
    expect(gatewayBlip(answer(503, { 'retry-after': '2' }), NOW)).toBe(false);
    expect(gatewayBlip(answer(503, { 'retry-after': 'Tue, 01 Jan 2030 12:00:05 GMT' }), NOW)).toBe(false);
    for (const status of [200, 400, 429, 500]) expect(gatewayBlip(answer(status), NOW)).toBe(false);
  });
});
