/** The matches, virtualised: only the rows on screen are in the page, however many there are. */
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { ContactView } from '../../../common/contract';
import { ContactRow } from './ContactRow';

const ROW_HEIGHT = 64;
/**
 * Rows drawn past each end of the scroller: a Tab or an arrow's scroll finds the next row there. Each answer draws
 * them all anew (they are other people), so a few: a first answer draws 11 rows, not 17.
 */
const OVERSCAN = 2;

/**
 * A row's height as the page laid it out, told by the list's ResizeObserver after the browser's own layout; never read
 * as the row is put in, which would make the browser lay the page out in the middle of drawing an answer. Until told:
 * as told before for that contact, else ROW_HEIGHT (a row is as high unless a line wraps or a change failed).
 */
function rowHeight(row: Element, told: ResizeObserverEntry | undefined, list: Virtualizer<HTMLDivElement, Element>) {
  const box = told?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  return list.itemSizeCache.get(list.options.getItemKey(list.indexFromElement(row))) ?? ROW_HEIGHT;
}

/** A scrolling list of contacts, drawn again when its contacts change (not at each key typed above it). */
export const ContactList = memo(function ContactList({ items }: { items: ContactView[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: OVERSCAN,
    measureElement: rowHeight,
  });
  return (
    <div ref={scroller} className="contact-scroller" data-testid="contact-list">
      <div role="list" aria-label="Contacts" className="contact-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            role="listitem"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            className="contact-slot"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            <ContactRow contact={items[row.index]!} />
          </div>
        ))}
      </div>
    </div>
  );
});
