/** The matches, virtualised: only the rows on screen are in the page, however many there are. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { ContactView } from '../../../common/contract';
import { ContactRow } from './ContactRow';

const ROW_HEIGHT = 64;

/** A scrolling list of contacts, drawn again when its contacts change (not at each key typed above it). */
export const ContactList = memo(function ContactList({ items }: { items: ContactView[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 8,
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
