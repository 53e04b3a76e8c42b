/** Page object for the Contacts tab: every step waits on what the screen exposes (data-loading, data-query, data-pending), never on time. */
import type { Locator } from 'playwright-core';
import type { FrontdeskPage } from './driver';

/** Details typed into the New contact form. */
export interface NewContact {
  firstName: string;
  lastName: string;
  phone?: string;
  email?: string;
}

/** Drives the Contacts screen of one tab. */
export class ContactsScreen {
  constructor(readonly app: FrontdeskPage) {}

  /** The screen's card. */
  get root(): Locator {
    return this.app.page.getByTestId('contacts');
  }

  /** Opens the tab and waits for its first answer. */
  async open(): Promise<void> {
    await this.app.go('Contacts');
    await this.app.page.locator('[data-testid="contacts"][data-mode="list"][data-loading="false"]').waitFor();
  }

  /** Types into the search box and waits until the list shows the answer for exactly that. */
  async search(text: string): Promise<void> {
    await this.root.getByLabel('Find a contact').fill(text);
    await this.settled(text);
  }

  /** Waits until the shown answer is for `query` and nothing is loading. */
  async settled(query: string, timeout = 15_000): Promise<void> {
    const tidy = query.trim().replace(/\s+/g, ' ').replace(/"/g, '\\"');
    await this.app.page
      .locator(`[data-testid="contacts"][data-mode="list"][data-loading="false"][data-query="${tidy}"]`)
      .waitFor({ timeout });
  }

  /** The rows in the page (the list is virtualised: only those on screen). */
  rows(): Locator {
    return this.root.getByTestId('contact-row');
  }

  /** The row showing `name`. */
  row(name: string): Locator {
    return this.rows().filter({
      has: this.app.page.locator('.contact-name-text', { hasText: new RegExp(`^${name}$`) }),
    });
  }

  /** Waits until the row of `name` is synced ('') or carries the given pending status. */
  async waitForRow(
    name: string,
    pending: '' | 'queued' | 'sending' | 'needs_attention',
    timeout = 15_000,
  ): Promise<Locator> {
    const row = this.row(name).and(this.app.page.locator(`[data-pending="${pending}"]`));
    await row.waitFor({ timeout });
    return row;
  }

  /** Fills the New contact form and presses Add contact; returns to the list. */
  async create(c: NewContact): Promise<void> {
    await this.root.getByRole('button', { name: 'New contact' }).click();
    const form = this.root.getByTestId('contact-form');
    await form.getByLabel('First name').fill(c.firstName);
    await form.getByLabel('Last name').fill(c.lastName);
    if (c.phone) await form.getByLabel('Main phone').fill(c.phone);
    if (c.email) await form.getByLabel('Main e-mail').fill(c.email);
    await form.getByRole('button', { name: 'Add contact' }).click();
    await this.settled(`${c.firstName} ${c.lastName}`);
  }

  /** Opens the Edit form of `name`. */
  async edit(name: string): Promise<Locator> {
    await this.row(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const form = this.root.getByTestId('contact-form');
    await form.waitFor();
    return form;
  }

  /** The notice shown when the list comes from the cache. */
  staleNotice(): Locator {
    return this.root.getByTestId('contacts-stale');
  }
}
