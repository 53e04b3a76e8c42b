/**
 * Reading a paged list of the service to its end. Paging is `page` (1-based) and `page_size`, with no total and no
 * next-page link, and a default page of 30 (docs/service-api-facts.md §1.4; the other lists page as events do); nothing documents a
 * largest page, so a server may send fewer than asked. A page shorter than asked is therefore the end only when it is
 * shorter than the service's default page too, or than a page it sent before in this read; otherwise the next page is
 * asked, and an empty one is the end. A page with nothing new (a server that ignores `page`) ends the read too. Items
 * are kept once, by `key`.
 */

/** The service's default page (docs/service-api-facts.md §1.4): no server sends fewer than this on a page that is not the last. */
const DEFAULT_PAGE = 30;

/** How one read goes. */
export interface PageLimits<T> {
  /** The `page_size` asked for. */
  pageSize: number;
  /** The most pages asked for. */
  maxPages: number;
  /** Stop once this many distinct items are in (the last page is kept whole). */
  maxItems?: number;
  /** What makes two items the same one (default: their `id`). */
  key?: (item: T) => string | number;
}

/** What a read found, and whether it stopped at a limit rather than at the end. */
export interface PagedRead<T> {
  items: T[];
  /** The read stopped at `maxItems` or `maxPages`: more may follow. */
  more: boolean;
}

/** Reads `page` 1, 2, … until the list's end or a limit. */
export async function readPages<T extends { id: number }>(
  readPage: (page: number) => Promise<readonly T[]>,
  limits: PageLimits<T>,
): Promise<PagedRead<T>> {
  const key = limits.key ?? ((item: T) => item.id);
  const items: T[] = [];
  const seen = new Set<string | number>();
  let longest = 0;
  for (let page = 1; page <= limits.maxPages; page++) {
    const batch = await readPage(page);
    let fresh = 0;
    for (const item of batch) {
      const k = key(item);
      if (seen.has(k)) continue;
      seen.add(k);
      items.push(item);
      fresh++;
    }
    const short =
      batch.length < limits.pageSize &&
      (batch.length < Math.min(DEFAULT_PAGE, limits.pageSize) || batch.length < longest);
    longest = Math.max(longest, batch.length);
    if (batch.length === 0 || fresh === 0 || short) return { items, more: false };
    if (limits.maxItems !== undefined && items.length >= limits.maxItems) return { items, more: true };
  }
  return { items, more: true };
}
