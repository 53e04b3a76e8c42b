/**
 * GET /v1/contacts pages for a search (api/contacts-read-api.ts): the pages the caller knows are full are asked for
 * together, the rest one at a time, each page read in order. Counted: pages asked, and how many were in flight at once.
 */
import { describe, expect, it } from 'vitest';
import { listContacts } from '../../../main/core/api/contacts-read-api';
import type { ServiceRequester } from '../../../main/core/api/service-client';

/** `total` contacts served `cap` at most per page; answers only when `answer()` is called, and counts what was asked. */
function service(total: number, cap = 1000) {
  const asked: number[] = [];
  let inFlight = 0;
  let most = 0;
  const waiting: (() => void)[] = [];
  const contact = (id: number) => ({ id, name: `Person ${id}`, phone_numbers: [], email_addresses: [] });
  const client = {
    request: (req: { query?: { page: number; page_size: number } }) => {
      const { page, page_size } = req.query!;
      asked.push(page);
      most = Math.max(most, ++inFlight);
      const n = Math.min(page_size, cap);
      const ids = Array.from({ length: n }, (_, i) => (page - 1) * n + i + 1).filter((id) => id <= total);
      return new Promise((resolve) =>
        waiting.push(() => {
          inFlight--;
          resolve({ contacts: ids.map(contact) });
        }),
      );
    },
  } as unknown as ServiceRequester;
  /** Answers every request asked so far, until the list is read. */
  const answerAll = async <T>(reading: Promise<T>): Promise<T> => {
    let done = false;
    void reading.finally(() => (done = true));
    while (!done) {
      await new Promise((r) => setTimeout(r, 0));
      waiting.splice(0).forEach((answer) => answer());
    }
    return reading;
  };
  return { client, asked, most: () => most, answerAll };
}

describe('contact pages for a search', () => {
  it('asks the pages the caller knows are full together, then reads them in order', async () => {
    const s = service(500);
    const read = await s.answerAll(listContacts(s.client, { q: 'an' }, { pageSize: 100, limit: 200, atOnce: 2 }));
    expect(read.contacts.map((c) => c.id)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(read.more).toBe(true);
    expect(s.asked).toEqual([1, 2]);
    expect(s.most()).toBe(2);
  });

  it('sends the first page before it counts how many more to ask for together', async () => {
    const s = service(500);
    let askedWhenCounted: number[] = [];
    const atOnce = () => {
      askedWhenCounted = [...s.asked];
      return 2;
    };
    const read = await s.answerAll(listContacts(s.client, { q: 'an' }, { pageSize: 100, limit: 200, atOnce }));
    expect(askedWhenCounted).toEqual([1]);
    expect(s.asked).toEqual([1, 2]);
    expect(s.most()).toBe(2);
    expect(read.contacts).toHaveLength(200);
  });

  it('asks one page at a time when nothing says more are full', async () => {
    const s = service(500);
    const read = await s.answerAll(listContacts(s.client, { q: 'an' }, { pageSize: 100, limit: 200 }));
    expect(read.contacts).toHaveLength(200);
    expect(s.asked).toEqual([1, 2]);
    expect(s.most()).toBe(1);
  });

  it('never asks ahead past the limit, and goes on one at a time when the service sends smaller pages', async () => {
    const s = service(500, 50);
    const read = await s.answerAll(listContacts(s.client, { q: 'an' }, { pageSize: 100, limit: 200, atOnce: 9 }));
    expect(read.contacts).toHaveLength(200);
    expect(s.asked).toEqual([1, 2, 3, 4]);
    expect(s.most()).toBe(2);
  });

  it('ends at a short first page, whatever was asked ahead', async () => {
    const s = service(30);
    const read = await s.answerAll(listContacts(s.client, { q: 'an' }, { pageSize: 100, limit: 200, atOnce: 2 }));
    expect(read).toMatchObject({ more: false });
    expect(read.contacts).toHaveLength(30);
    expect(s.asked).toEqual([1, 2]);
  });
});
