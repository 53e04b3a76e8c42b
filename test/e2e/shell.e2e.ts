/**
 * The shell: the header names the practice (the service's host only in About), and the keyboard shortcuts —
 * Ctrl+1…5 for the screens, Ctrl+N, T, ←/→, and "?" listing them — each doing what the list says.
 */
import { describe, expect, it } from 'vitest';
import { FrontdeskPage } from './support/driver';
import { axeProblems, openSized, scheduleSettled, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

/** The screen whose tab is current. */
const current = (app: FrontdeskPage) =>
  app.page.getByRole('navigation', { name: 'Screens' }).locator('[aria-current="page"]').innerText();

/** Leaves no field focused, as when the receptionist has just clicked on the page. */
const blur = (app: FrontdeskPage) => app.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

describe('shell', () => {
  it('names the practice in the header and keeps the service host in About', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const host = new URL(stack.sandbox.url).host;
    expect(await app.page.getByTestId('practice-name').innerText()).toBe('Lakeside Dental');
    expect(await app.page.locator('header').innerText()).not.toContain(host);
    await app.page.getByRole('button', { name: 'About' }).click();
    const about = app.page.getByRole('dialog', { name: 'About Frontdesk' });
    expect(await about.innerText()).toContain(host);
    await app.page.keyboard.press('Escape');
    await about.waitFor({ state: 'detached' });
    await app.page.context().close();
  });

  it('Ctrl+1…5 open the screens, Ctrl+N a new appointment, T and arrows move the day, "?" lists them', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    const screens = ['Calendar', 'Book appointment', 'Contacts', 'Bookings', 'Outbox'];
    for (const [i, name] of [...screens.entries()].reverse()) {
      await page.keyboard.press(`Control+${i + 1}`);
      await expect.poll(() => current(app)).toMatch(new RegExp(`^${name}`));
    }

    // Ctrl+N from another screen: the calendar with the New appointment form.
    await page.keyboard.press('Control+5');
    await expect.poll(() => current(app)).toMatch(/^Outbox/);
    await page.keyboard.press('Control+n');
    const form = page.getByRole('dialog', { name: 'New appointment' });
    await form.waitFor();
    expect(await current(app)).toBe('Calendar');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // → the next day, ← back, T today (no field focused).
    await scheduleSettled(app);
    const title = () => page.locator('#calendar-heading').innerText();
    const today = await title();
    expect(today).toMatch(/^Today, /);
    await blur(app);
    await page.keyboard.press('ArrowRight');
    await expect.poll(title).not.toBe(today);
    const tomorrow = await title();
    await page.keyboard.press('ArrowRight');
    await expect.poll(title).not.toBe(tomorrow);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(title).toBe(tomorrow);
    await page.keyboard.press('t');
    await expect.poll(title).toBe(today);

    // Letters typed into a field stay there.
    await page.keyboard.press('Control+3');
    const search = page.getByLabel('Find a contact');
    await search.fill('');
    await search.press('t');
    expect(await search.inputValue()).toBe('t');
    expect(await current(app)).toMatch(/^Contacts/);

    // "?" lists every shortcut.
    await blur(app);
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await list.waitFor();
    const text = await list.innerText();
    for (const words of [
      'Ctrl+1',
      'Ctrl+5',
      'Ctrl+N',
      'New appointment',
      'Ctrl+K',
      'Find a patient',
      'Ctrl+P',
      'Print day sheet',
      'go to today',
      'Contacts: the last contact of the list',
    ])
      expect(text).toContain(words);
    await app.screenshot('test-results/shortcuts.png');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it('a screen whose code does not load says so in its place; the other screens still work', async () => {
    const context = await stack.newContext({ viewport: { width: 1024, height: 700 } });
    // The waitlist screen's code never arrives (preloaded or asked for when the tab opens).
    await context.route(/\/assets\/WaitlistView-[^/]*\.js$/, (route) => route.abort());
    const app = new FrontdeskPage(await context.newPage());
    await app.goto(stack.host.url);
    await signedInSchedule(app);
    const page = app.page;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Waitlist' }).click();
    const failed = page.getByTestId('screen-failed');
    await failed.waitFor();
    expect(await failed.getAttribute('role')).toBe('alert');
    expect(await failed.innerText()).toContain('This screen could not be opened: part of Frontdesk did not load.');
    expect(await failed.getByRole('button', { name: 'Reload Frontdesk' }).isVisible()).toBe(true);
    await app.screenshot('test-results/screen-failed.png');
    expect(await axeProblems(app)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await app.screenshot('test-results/screen-failed-dark.png');
    expect(await axeProblems(app)).toEqual([]);
    // The header, the tabs and the other screens are still there.
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Contacts' }).click();
    await page.locator('[data-testid="contacts"][data-loading="false"]').waitFor();
    expect(await failed.count()).toBe(0);
    expect(await current(app)).toMatch(/^Contacts/);
    // The only problems are the screen's code not loading, and what was said of it.
    expect(
      app.problems.filter(
        (p) => !/WaitlistView|dynamically imported module|CodeNotLoaded|could not be shown|net::ERR_FAILED/.test(p),
      ),
    ).toEqual([]);
    await context.close();
  });
});
