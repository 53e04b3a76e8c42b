/** Reading a paged list to its end when the service sends smaller pages than asked (api/pages.ts). */
import { describe, expect, it } from 'vitest';
import { readPages } from '../../../main/core/api/pages';

/** A list of `total` items served `cap` at most per page, whatever is asked; counts the pages asked. */
function service(total: number, cap: number) {
  const asked: number[] = [];
  const items = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
  return {
    asked,
    page: (size: number) => async (page: number) => {
      asked.push(page);
      const n = Math.min(size, cap);
      return items.slice((page - 1) * n, page * n);
    },
  };
}

describe('readPages', () => {
  it('reads every item when the service caps pages below what was asked', async () => {
    const s = service(95, 30);
    const read = await readPages(s.page(100), { pageSize: 100, maxPages: 50 });
    expect(read.items).toHaveLength(95);
    expect(read.more).toBe(false);
    expect(s.asked).toEqual([1, 2, 3, 4]);
  });

  it('asks the empty page after a list that ends exactly on a capped page', async () => {
    const s = service(60, 30);
    const read = await readPages(s.page(100), { pageSize: 100, maxPages: 50 });
    expect(read.items).toHaveLength(60);
    expect(s.asked).toEqual([1, 2, 3]);
  });

  it('takes a page shorter than asked and than the default page as the end, asking nothing more', async () => {
    const s = service(12, 1000);
    const read = await readPages(s.page(100), { pageSize: 100, maxPages: 50 });
    expect(read.items).toHaveLength(12);
    expect(s.asked).toEqual([1]);
  });

  it('stops at maxItems and says more may follow; stops when a page brings nothing new', async () => {
    const s = service(500, 40);
    const read = await readPages(s.page(100), { pageSize: 100, maxPages: 50, maxItems: 100 });
    expect(read).toMatchObject({ more: true });
    expect(read.items).toHaveLength(120);
    const same = async () => [{ id: 1 }, { id: 2 }, ...Array.from({ length: 40 }, (_, i) => ({ id: i + 3 }))];
    const ignored = await readPages(same, { pageSize: 100, maxPages: 50 });
    expect(ignored.items).toHaveLength(42);
  });
});
