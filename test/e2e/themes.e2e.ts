/**
 * Light and dark, on every screen: the page follows the computer's setting (`prefers-color-scheme`) and
 * `<html data-theme>` forces either one. Each screen is screenshotted and run through axe (colour contrast included)
 * in both themes at 1280×800 and 1024×700; the page's colours are read back so a missing dark value shows.
 */
import { describe, expect, it } from 'vitest';
import type { FrontdeskPage } from './support/driver';
import { axeProblems, nextBusyDay, openSized, shot, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const LIGHT_BG = 'rgb(246, 247, 249)';
const DARK_BG = 'rgb(16, 19, 24)';

/** The page's background and text colours as the browser computed them. */
async function colours(fd: FrontdeskPage): Promise<{ bg: string; text: string }> {
  return fd.page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return { bg: style.backgroundColor, text: style.color };
  });
}

/** Screenshots the page and returns its serious axe findings, tagged with the screen's name. */
async function look(fd: FrontdeskPage, name: string): Promise<string[]> {
  await shot(fd, `theme-${name}`);
  return (await axeProblems(fd)).map((p) => `${name}: ${p}`);
}

describe('themes', () => {
  const stack = useStack();

  it('the sign-in screen follows the computer and passes axe in light and dark, at both sizes', async () => {
    const problems: string[] = [];
    for (const [width, height, dark] of [
      [1280, 800, false],
      [1280, 800, true],
      [1024, 700, false],
      [1024, 700, true],
    ] as const) {
      const app = await openSized(stack, { width, height, dark });
      await app.waitForAuth('signed_out');
      expect((await colours(app)).bg).toBe(dark ? DARK_BG : LIGHT_BG);
      problems.push(...(await look(app, `sign-in-${width}x${height}-${dark ? 'dark' : 'light'}`)));
      expect(app.problems).toEqual([]);
      await app.page.context().close();
    }
    expect(problems).toEqual([]);
  });

  // One test per size and theme, so none comes near the time limit on a loaded machine.
  it.each([
    [1280, 800, false],
    [1280, 800, true],
    [1024, 700, false],
    [1024, 700, true],
  ])('every signed-in screen passes axe at %i×%i (dark: %s)', async (width, height, dark) => {
    const problems: string[] = [];
    const app = await openSized(stack, { width, height, dark });
    await signedInSchedule(app);
    const page = app.page;
    const tag = `${width}x${height}-${dark ? 'dark' : 'light'}`;
    expect((await colours(app)).bg).toBe(dark ? DARK_BG : LIGHT_BG);
    problems.push(...(await look(app, `calendar-${tag}`)));
    // A destructive confirmation: every dialog is drawn by one family, so this stands for the others' look too.
    await nextBusyDay(app);
    await page.getByTestId('appointment').first().click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Cancel appointment…' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    problems.push(...(await look(app, `cancel-confirm-${tag}`)));
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });

    await app.go('Contacts');
    await page.getByTestId('contact-row').first().waitFor();
    problems.push(...(await look(app, `contacts-${tag}`)));
    const first = page.getByTestId('contact-row').first().locator('.contact-name-text');
    const name = await first.innerText();
    await first.click();
    await page.getByTestId('contact-details').getByTestId('contact-history').waitFor();
    await page.getByRole('heading', { name, level: 3 }).waitFor();
    // Their text consent read (the seeded first contact has a phone): the page as the receptionist sees it.
    await page.locator('[data-testid="consent-words"]:not([data-state="unknown"])').waitFor();
    problems.push(...(await look(app, `contact-details-${tag}`)));
    await page.getByRole('button', { name: '← All contacts' }).click();
    await page.getByRole('button', { name: 'New contact' }).click();
    await page.getByRole('heading', { name: 'New contact' }).waitFor();
    problems.push(...(await look(app, `contact-new-${tag}`)));

    await app.go('Book appointment');
    await page.getByRole('heading', { name: 'Book an appointment' }).waitFor();
    problems.push(...(await look(app, `booking-${tag}`)));

    // A new appointment's patient picker with its matches open.
    await app.go('Calendar');
    await page.getByRole('button', { name: 'New appointment' }).click();
    const editor = page.getByRole('dialog', { name: 'New appointment' });
    await editor.getByRole('combobox', { name: 'Patient' }).fill('555');
    await page.getByRole('option').first().waitFor();
    problems.push(...(await look(app, `new-appointment-picker-${tag}`)));
    await page.keyboard.press('Escape');
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'detached' });

    await app.go('Outbox');
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    problems.push(...(await look(app, `outbox-${tag}`)));

    await page.keyboard.press('Control+4');
    await page.locator('[data-testid="bookings"][data-loading="false"]').waitFor();
    await page.getByTestId('booking-row').first().waitFor();
    problems.push(...(await look(app, `bookings-${tag}`)));

    await page.keyboard.press('Control+7');
    await page.locator('[data-testid="numbers"][data-loading="false"][data-source="service"]').waitFor();
    problems.push(...(await look(app, `numbers-${tag}`)));

    await page.keyboard.press('Control+8');
    await page.locator('[data-testid="waitlist"][data-loading="false"]').waitFor();
    await page.getByText('Nobody is on the waitlist.').waitFor();
    problems.push(...(await look(app, `waitlist-${tag}`)));

    await page.keyboard.press('Control+k');
    const finder = page.getByRole('dialog', { name: 'Find a patient' });
    await finder.getByRole('searchbox', { name: 'Name, phone or e-mail' }).fill('555');
    await finder.getByRole('option').first().waitFor();
    await finder.getByText('Looking…').waitFor({ state: 'detached' });
    problems.push(...(await look(app, `find-patient-${tag}`)));
    // One Escape closes it, text typed or not.
    await page.keyboard.press('Escape');
    await finder.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    problems.push(...(await look(app, `shortcuts-${tag}`)));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'About' }).click();
    await page.getByRole('dialog', { name: 'About Frontdesk' }).waitFor();
    problems.push(...(await look(app, `about-${tag}`)));
    await page.keyboard.press('Escape');

    expect(app.problems).toEqual([]);
    await page.context().close();
    expect(problems).toEqual([]);
  });

  it('data-theme on <html> forces a theme whatever the computer says', async () => {
    for (const dark of [false, true]) {
      const app = await openSized(stack, { dark });
      const forced = dark ? 'light' : 'dark';
      await app.page.evaluate((theme) => (document.documentElement.dataset.theme = theme), forced);
      expect((await colours(app)).bg).toBe(forced === 'dark' ? DARK_BG : LIGHT_BG);
      await app.go('Contacts');
      await app.page.getByTestId('contact-row').first().waitFor();
      expect(await look(app, `forced-${forced}-contacts`)).toEqual([]);
      // Back to the computer's setting once the attribute goes.
      await app.page.evaluate(() => delete document.documentElement.dataset.theme);
      expect((await colours(app)).bg).toBe(dark ? DARK_BG : LIGHT_BG);
      await app.page.context().close();
    }
  });
});
