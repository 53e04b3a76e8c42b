/**
 * Page object for Frontdesk in a browser tab: every method waits on app state the UI exposes
 * (data-ready, data-state), never on time.
 */
import type { Page } from 'playwright-core';

/** Drives one Frontdesk tab. */
export class FrontdeskPage {
  /** Console errors and CSP violations seen on the page. */
  readonly problems: string[] = [];

  constructor(readonly page: Page) {
    page.on('console', (m) => {
      if (m.type() === 'error') this.problems.push(m.text());
    });
    page.on('pageerror', (e) => this.problems.push(e.message));
  }

  /** Loads the app and waits until it has its install facts. */
  async goto(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.locator('[data-testid="app"][data-ready="true"]').waitFor();
  }

  /** Waits for the sign-in state the app shows (30 s: a cold first page on a loaded 2-core CI machine took over 15 s). */
  async waitForAuth(state: 'signed_out' | 'signing_in' | 'signed_in', timeout = 30_000): Promise<void> {
    await this.page.locator(`[data-testid="app"][data-auth="${state}"]`).waitFor({ timeout });
  }

  /**
   * Clicks "Sign in with your browser", then plays the user in the tab the app opens: logs in
   * to the service's portal and answers the consent page. Returns that tab (left open).
   */
  async signIn(email: string, decision: 'Allow' | 'Deny' = 'Allow', password = 'sandbox'): Promise<Page> {
    const tab = this.page.context().waitForEvent('page');
    await this.page.getByRole('button', { name: 'Sign in with your browser' }).click();
    const portal = await tab;
    const emailField = portal.getByLabel('Email');
    const decide = portal.getByRole('button', { name: decision });
    await emailField.or(decide).first().waitFor();
    // The browser may still be signed in to the portal as someone else: sign out there first.
    if (
      !(await emailField.isVisible()) &&
      !(await portal.locator('body').innerText()).includes(`Signed in as ${email}`)
    ) {
      await portal.getByRole('button', { name: 'Sign out' }).click();
    }
    await emailField.or(decide).first().waitFor();
    if (await emailField.isVisible()) {
      await emailField.fill(email);
      await portal.getByLabel('Password').fill(password);
      await portal.getByRole('button', { name: 'Sign in' }).click();
    }
    await decide.click();
    await portal.waitForURL(/\/oauth\/callback/);
    // Back to Frontdesk, as the user would: a background tab repaints slowly.
    await this.page.bringToFront();
    return portal;
  }

  /**
   * Waits for the calendar to finish loading, then returns what its appointments say: a block's label when it does not
   * show all its words (renderer/features/calendar/block-label.ts), else its words.
   */
  async agendaRows(): Promise<string[]> {
    await this.page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
    return this.page
      .getByTestId('appointment')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? (el as HTMLElement).innerText));
  }

  /** Moves the calendar forward until a day with appointments (at most a week). */
  async nextDayWithAppointments(): Promise<string[]> {
    for (let i = 0; i < 8; i++) {
      const rows = await this.agendaRows();
      if (rows.length > 0) return rows;
      await this.page.getByRole('button', { name: 'Next day' }).click();
    }
    return [];
  }

  /** Opens a screen from the tab bar. */
  async go(tab: 'Calendar' | 'Book appointment' | 'Outbox' | 'Contacts'): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: new RegExp(`^${tab}`) })
      .click();
  }

  /** Fills the booking form for the simple cleaning page on `day` (yyyy-MM-dd), choosing a free time; returns it. */
  async fillCleaning(day: string, caller: { name: string; phone: string }, slotIndex = 0): Promise<string> {
    await this.go('Book appointment');
    const form = this.page.getByTestId('booking');
    await form.getByLabel('Booking page').selectOption('lakeside-dental-cleaning');
    await form.getByLabel('Day').fill(day);
    const slot = form.locator('.slot').nth(slotIndex);
    await slot.waitFor();
    const time = await slot.innerText();
    await slot.click();
    await form.getByLabel('Name', { exact: true }).fill(caller.name);
    await form.getByLabel('Phone', { exact: true }).fill(caller.phone);
    return time;
  }

  /** Presses Book (or Save changes) on the booking form. */
  async pressBook(): Promise<void> {
    await this.page
      .getByTestId('booking')
      .getByRole('button', { name: /^(Book|Save changes)$/ })
      .click();
  }

  /** fillCleaning, then Book. */
  async bookCleaning(day: string, caller: { name: string; phone: string }, slotIndex = 0): Promise<string> {
    const time = await this.fillCleaning(day, caller, slotIndex);
    await this.pressBook();
    return time;
  }

  /** Waits for the booking result panel in the given state and returns its text. */
  async bookingResult(status: 'done' | 'queued' | 'needs_attention', timeout = 15_000): Promise<string> {
    const result = this.page.locator(`[data-testid="booking-result"][data-status="${status}"]`);
    await result.waitFor({ timeout });
    return result.innerText();
  }

  /** The header's "Name — acting for Account" text. */
  accountText(): Promise<string> {
    return this.page.getByTestId('account').locator('.account-name').innerText();
  }

  /** Waits until the status bar shows the given connection state. */
  async waitForConnectivity(state: 'online' | 'offline', timeout = 15_000): Promise<void> {
    await this.page.locator(`[data-testid="connectivity"][data-state="${state}"]`).waitFor({ timeout });
  }

  /** The status bar's words. */
  connectivityText(): Promise<string> {
    return this.page.getByTestId('connectivity').innerText();
  }

  /** The service URL on the first screen. */
  serviceUrl(): Promise<string> {
    return this.page.getByTestId('service-url').innerText();
  }

  /** Clicks "Check now" in the status bar. */
  async checkNow(): Promise<void> {
    await this.page.getByRole('button', { name: 'Check now' }).click();
  }

  /** Calls a contract channel over a fresh WebSocket opened by the page itself (same origin as the app). */
  invoke(channel: string, args?: unknown): Promise<unknown> {
    return this.page.evaluate(
      ([c, a]) =>
        new Promise((resolve, reject) => {
          // The page's own key for this run (the address it was opened with carried it).
          const key = sessionStorage.getItem('frontdesk.host-key') ?? '';
          const ws = new WebSocket(`ws://${location.host}/ipc`, ['frontdesk', `key.${key}`]);
          ws.onerror = () => reject(new Error('socket error'));
          ws.onopen = () => ws.send(JSON.stringify({ type: 'invoke', id: 1, channel: c, args: a }));
          ws.onmessage = (e) => {
            const m = JSON.parse(String(e.data)) as { type: string; id?: number; result?: unknown };
            if (m.type === 'result' && m.id === 1) {
              ws.close();
              resolve(m.result);
            }
          };
        }),
      [channel, args] as const,
    );
  }

  /** Saves a screenshot for a human to look at. */
  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path, fullPage: true });
  }
}
