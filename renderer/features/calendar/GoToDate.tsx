/**
 * "Go to date": the schedule's date picker. A date picked in its calendar is gone to at once. A date typed into its
 * segments passes through other dates on the way (typing 12/01/2026 makes 1/…, then 12/0…, and the year 2, 20, 202),
 * so a typed date is held in the field until the typing stops: the schedule goes there on Enter, when focus leaves
 * the field, or after a short pause, and never to a year that is still being typed.
 */
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { useEffect, useRef, useState } from 'react';
import { matchesKeys } from '../../lib/actions';
import { dropTypedDate, goToTypedDate } from '../shell';

/** How long a typed date waits for the next key before the schedule goes there. */
export const TYPED_DATE_PAUSE_MS = 800;

/** A year the schedule may go to: four digits typed (a year still being typed reads as 2, 20 or 202). */
const goable = (date: CalendarDate): boolean => date.year >= 1900 && date.year <= 2199;

/** Runs `run` after `ms`; answers how to cancel it. */
type Later = (run: () => void, ms: number) => () => void;

const afterPause: Later = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** The picker; `onGo` gets a practice day (YYYY-MM-DD). `later` is the pause's timer (a test's own clock). */
export function GoToDate({
  anchor,
  onGo,
  later = afterPause,
}: {
  anchor: string;
  onGo(day: string): void;
  later?: Later;
}) {
  // The date typed and not yet gone to; null while the field shows the schedule's own date.
  const [draft, setDraft] = useState<CalendarDate | null>(null);
  const [open, setOpen] = useState(false);
  const cancelPause = useRef<() => void>(() => undefined);
  const held = useRef<CalendarDate | null>(null);
  useEffect(() => () => cancelPause.current(), []);

  const settle = (go: boolean) => {
    cancelPause.current();
    const typed = held.current;
    held.current = null;
    setDraft(null);
    if (go && typed && goable(typed) && typed.toString() !== anchor) onGo(typed.toString());
  };
  const hold = (date: CalendarDate) => {
    held.current = date;
    setDraft(date);
    cancelPause.current();
    if (goable(date)) cancelPause.current = later(() => settle(true), TYPED_DATE_PAUSE_MS);
  };

  return (
    <DatePicker
      className="date-picker"
      value={draft ?? parseDate(anchor)}
      isOpen={open}
      onOpenChange={setOpen}
      onChange={(date) => {
        if (!date) return;
        if (open) {
          // Picked in the calendar: a whole date, gone to at once.
          held.current = date;
          settle(true);
        } else hold(date);
      }}
      onBlur={() => {
        if (held.current) settle(true);
      }}
      granularity="day"
    >
      <Label className="visually-hidden">Go to date</Label>
      <Group
        className="date-group"
        onKeyDownCapture={(e) => {
          if (matchesKeys(goToTypedDate, e)) settle(true);
          else if (matchesKeys(dropTypedDate, e) && held.current) settle(false);
        }}
      >
        <DateInput className="date-input">
          {(segment) => <DateSegment segment={segment} className="date-segment" />}
        </DateInput>
        <Button className="icon-button" aria-label="Choose a date">
          ▾
        </Button>
      </Group>
      <Popover className="menu-popover">
        <Dialog className="date-dialog" aria-label="Choose a date">
          <Calendar>
            <header className="cal-head">
              <Button slot="previous" className="icon-button" aria-label="Previous month">
                ‹
              </Button>
              <Heading className="cal-heading" />
              <Button slot="next" className="icon-button" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid className="cal-grid">
              {(date) => <CalendarCell date={date} className="cal-cell" />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
