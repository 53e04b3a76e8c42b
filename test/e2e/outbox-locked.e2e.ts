/**
 * The browser host's vault.key lost while changes wait, in a real browser: the sign-in screen says at once that the
 * waiting changes cannot be read and what to do; signing in is refused in words that say why, and no new vault.key is
 * written; once the user starts a new, empty outbox, the old changes are set aside and signing in works again.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOutbox, tokenClient } from '../integration/outbox/outbox-setup';
import { everyLook } from './support/schedule';
import { useStack } from './support/stack';

let dataDir = '';
const stack = useStack({
  prepare: async (dir, serviceUrl) => {
    dataDir = dir;
    const box = await openOutbox({
      dataDir: dir,
      service: tokenClient(serviceUrl, () => 'unused'),
      account: () => 'sandbox|owner',
      online: () => false,
    });
    for (const name of ['Ada Locked', 'Ben Locked', 'Cy Locked'])
      await box.enqueue('contact.create', { address_book_id: 2001, name });
    await box.close();
    rmSync(join(dir, 'vault.key'));
  },
});

describe('an outbox whose key file is lost', () => {
  it('is told on the sign-in screen, keeps its key, and starts empty only when the user says so', async () => {
    const app = await stack.open();
    await app.waitForAuth('signed_out');
    const notice = app.page.getByTestId('outbox-locked');
    await notice.waitFor();
    const words = await notice.innerText();
    expect(words).toContain('Frontdesk cannot read the changes waiting on this computer.');
    expect(words).toContain('Up to 3 saved changes are waiting');
    expect(words).toContain(join(dataDir, 'vault.key'));
    expect(await app.page.getByTestId('outbox-cannot-open-status').innerText()).toBe('Cannot read the changes waiting');
    // the screen as the receptionist meets it: both themes, both sizes, axe, plain words
    expect(await everyLook(app, 'outbox-locked-sign-in')).toEqual([]);

    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_out');
    expect(await app.page.getByTestId('auth-notice').innerText()).toContain('so Frontdesk will not make a new one');
    expect(existsSync(join(dataDir, 'vault.key'))).toBe(false);

    // from the keyboard alone: Tab reaches the action, Enter opens the question, Tab and Enter confirm it
    const start = app.page.getByRole('button', { name: 'Start a new, empty outbox' });
    for (let i = 0; i < 20 && !(await start.evaluate((el) => el === document.activeElement)); i++)
      await app.page.keyboard.press('Tab');
    expect(await start.evaluate((el) => el === document.activeElement)).toBe(true);
    await app.page.keyboard.press('Enter');
    const yes = app.page.getByRole('button', { name: 'Yes, set the old changes aside and start empty' });
    await yes.waitFor();
    expect(await everyLook(app, 'outbox-locked-start-afresh')).toEqual([]);
    for (let i = 0; i < 10 && !(await yes.evaluate((el) => el === document.activeElement)); i++)
      await app.page.keyboard.press('Tab');
    expect(await yes.evaluate((el) => el === document.activeElement)).toBe(true);
    await app.page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    expect(readdirSync(join(dataDir, 'outbox')).filter((n) => n.startsWith('set-aside-'))).toHaveLength(1);

    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    expect(existsSync(join(dataDir, 'vault.key'))).toBe(true);
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });
});
