// @vitest-environment jsdom
/**
 * Go to date: a date typed digit by digit passes through other dates (12/01/2026 is 1/…, 12/0…, and the years 2, 20,
 * 202 on the way); the schedule goes only to the date typed, once: after the typing pauses, on Enter, or when focus
 * leaves the field. Escape gives the field back the schedule's date. The pause's timer is the test's own.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { GoToDate, TYPED_DATE_PAUSE_MS } from '../../../renderer/features/calendar/GoToDate';

afterEach(cleanup);

/** The picker with a pause timer of the test's own: `pass()` ends the pause now, if one is running. */
function setUp() {
  const gone: string[] = [];
  let pending: { run: () => void; ms: number } | null = null;
  const later = (run: () => void, ms: number) => {
    const timer = { run, ms };
    pending = timer;
    return () => {
      if (pending === timer) pending = null;
    };
  };
  const pass = () =>
    act(() => {
      const timer = pending;
      pending = null;
      if (timer) {
        expect(timer.ms).toBe(TYPED_DATE_PAUSE_MS);
        timer.run();
      }
    });
  render(<GoToDate anchor="2026-11-26" onGo={(day) => gone.push(day)} later={later} />);
  const user = userEvent.setup();
  const month = screen.getAllByRole('spinbutton', { name: /month/i })[0]!;
  return { gone, user, month, pass };
}

describe('go to date', () => {
  it('goes once to the date typed, after the typing pauses, never through the dates on the way', async () => {
    const { gone, user, month, pass } = setUp();
    await user.click(month);
    await user.keyboard('12012027');
    expect(gone).toEqual([]);
    pass();
    expect(gone).toEqual(['2027-12-01']);
  });

  it('goes at once on Enter, and not again when the pause ends', async () => {
    const { gone, user, month, pass } = setUp();
    await user.click(month);
    await user.keyboard('0305');
    await user.keyboard('{Enter}');
    expect(gone).toEqual(['2026-03-05']);
    pass();
    expect(gone).toEqual(['2026-03-05']);
  });

  it('does not go to a year still being typed, and Escape puts the schedule date back', async () => {
    const { gone, user, month, pass } = setUp();
    await user.click(month);
    await user.keyboard('0101202');
    pass();
    expect(gone).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('spinbutton', { name: /year/i })[0]!.textContent).toBe('2026');
    pass();
    expect(gone).toEqual([]);
  });

  it('goes when focus leaves the field with a date typed', async () => {
    const { gone, user, month } = setUp();
    await user.click(month);
    await user.keyboard('0704');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(gone).toEqual(['2026-07-04']);
  });
});
