// @vitest-environment jsdom
/**
 * A screen that fails to draw says so in its place, in plain words, with what can be done; the window around it stays.
 * A render error offers "Try again" (what was typed lives in the stores, so the screen comes back as it was); code that
 * did not load offers "Reload Frontdesk". Another screen (the boundary's key) starts afresh.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenBoundary } from '../../../renderer/components/ScreenBoundary';
import { CodeNotLoaded } from '../../../renderer/lib/lazy-part';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A screen that throws while `failing.now` is set. */
const failing = { now: true, error: new Error('Cannot read properties of undefined (reading "start")') };
function Flaky() {
  if (failing.now) throw failing.error;
  return <p>Waitlist</p>;
}

describe('a screen that fails to draw', () => {
  it('says so beside a window that still works, and draws the screen again on "Try again"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React's and ours: expected here
    failing.now = true;
    render(
      <div>
        <nav>Tabs</nav>
        <ScreenBoundary key="waitlist">
          <Flaky />
        </ScreenBoundary>
      </div>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong while showing this screen.');
    expect(alert.textContent).toContain('Nothing you typed or saved is lost');
    expect(screen.getByText('Tabs')).toBeTruthy();
    failing.now = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Waitlist')).toBeTruthy();
  });

  it('offers a reload when the screen’s code did not load, and gives another screen its own chance', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failing.now = true;
    failing.error = new CodeNotLoaded(new TypeError('Failed to fetch dynamically imported module'));
    const { rerender } = render(
      <ScreenBoundary key="waitlist">
        <Flaky />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('part of Frontdesk did not load');
    expect(screen.getByRole('button', { name: 'Reload Frontdesk' })).toBeTruthy();
    failing.now = false;
    rerender(
      <ScreenBoundary key="contacts">
        <Flaky />
      </ScreenBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Waitlist')).toBeTruthy();
  });
});
