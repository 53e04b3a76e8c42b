/** The matches, virtualised: only the rows on screen are in the page, however many there are. */
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import type { ContactView } from '../../../common/contract';
import { matchesKeys } from '../../lib/actions';
import { contactListEnds } from '../shell';
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

/** The row index of an element in the list, or null. */
function rowIndexOf(element: EventTarget | null): number | null {
  const slot = element instanceof Element ? element.closest<HTMLElement>('[data-index]') : null;
  return slot ? Number(slot.dataset.index) : null;
}

/** The buttons of the row drawn at `index`. */
function buttonsOf(list: HTMLElement, index: number): HTMLButtonElement[] {
  return [...list.querySelectorAll<HTMLButtonElement>(`[data-index="${index}"] button`)];
}

/** Focuses the `button`-th button of the row drawn at `index` (its first if it has fewer); false if it is not drawn. */
function focusRow(list: HTMLElement, { index, button }: { index: number; button: number }): boolean {
  const buttons = buttonsOf(list, index);
  const target = buttons[button] ?? buttons[0];
  target?.focus({ preventScroll: true });
  return target !== undefined;
}

/**
 * A scrolling list of contacts, drawn again when its contacts change (not at each key typed above it). From the
 * keyboard: Home and End go to the first and the last contact (the same button of the row), and the row that has the
 * focus stays drawn however far the list is scrolled, so the focus is never lost with it.
 */
export const ContactList = memo(function ContactList({ items }: { items: ContactView[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  /** The row that has the focus, kept drawn. */
  const focused = useRef<number | null>(null);
  /** A row to focus once it is drawn (Home, End), and which of its buttons. */
  const goingTo = useRef<{ index: number; button: number } | null>(null);
  const keepFocused = useCallback((range: Range) => {
    const drawn = defaultRangeExtractor(range);
    const f = focused.current;
    if (f === null || f >= range.count || drawn.includes(f)) return drawn;
    return [...drawn, f].sort((a, b) => a - b);
  }, []);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: OVERSCAN,
    measureElement: rowHeight,
    rangeExtractor: keepFocused,
  });
  const drawnRows = virtualizer.getVirtualItems();
  useLayoutEffect(() => {
    const to = goingTo.current;
    const list = rows.current;
    if (to && list && focusRow(list, to)) goingTo.current = null;
  }, [drawnRows]);
  const onFocus = (e: FocusEvent) => {
    focused.current = rowIndexOf(e.target);
  };
  const onBlur = (e: FocusEvent) => {
    if (!rows.current?.contains(e.relatedTarget as Node | null)) focused.current = null;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const first = matchesKeys(contactListEnds.first, e);
    if (!first && !matchesKeys(contactListEnds.last, e)) return;
    const from = rowIndexOf(e.target);
    const list = rows.current;
    if (from === null || !list || items.length === 0) return;
    e.preventDefault();
    const to = {
      index: first ? 0 : items.length - 1,
      button: Math.max(0, buttonsOf(list, from).indexOf(e.target as HTMLButtonElement)),
    };
    virtualizer.scrollToIndex(to.index, { align: first ? 'start' : 'end' });
    // Already drawn: focused now; else once it is (the layout effect above).
    goingTo.current = focusRow(list, to) ? null : to;
  };
  return (
    <div ref={scroller} className="contact-scroller" data-testid="contact-list">
      <div
        ref={rows}
        role="list"
        aria-label="Contacts"
        className="contact-rows"
        style={{ height: virtualizer.getTotalSize() }}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      >
        {drawnRows.map((row) => (
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
