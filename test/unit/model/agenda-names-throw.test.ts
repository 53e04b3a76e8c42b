/**
 * readAgenda reads the range and the calendar names side by side. Signed out, the names' source throws at once: the
 * range read beside it must still be handled (vitest counted unhandled rejections in the sign-out tests when it was
 * not, and an unhandled rejection can end a Node process).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceRequester } from '../../../main/core/api/service-client';
import { readAgenda } from '../../../main/core/model/agenda';

const unhandled: unknown[] = [];
const record = (reason: unknown) => void unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', record);
  unhandled.length = 0;
});

describe('readAgenda signed out', () => {
  it('rejects once, leaving no rejection unhandled, when the names throw at once', async () => {
    process.on('unhandledRejection', record);
    const signedOut = new Error('You are signed out. Please sign in to continue.');
    const client: ServiceRequester = {
      request: () => new Promise((_, fail) => setImmediate(() => fail(signedOut))),
    };
    const names = (): Promise<Map<number, string>> => {
      throw signedOut;
    };
    await expect(readAgenda(client, 'a', 'b', 0, names)).rejects.toBe(signedOut);
    // Turns for the range read's pages to settle and for Node to report what nobody handled.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(unhandled).toEqual([]);
  });
});
