/**
 * Signing out while changes wait to sync says how many and offers to stay; signing out anyway keeps them, and they
 * reach the service after the next sign-in as the same account.
 */
import { describe, expect, it } from 'vitest';
import {
  appointmentsNamed,
  axeProblems,
  faults,
  nextBusyDay,
  openSized,
  pinned,
  shot,
  signedInSchedule,
  stats,
} from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

describe('sign-out warning', () => {
  it('warns with the count, "Stay signed in" keeps the session, signing out keeps the change for the next sign-in', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const marksBefore = (await stats(stack)).eventMarks;

    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    const { block } = await pinned(appointmentsNamed(page, ' - ').first());
    await block.click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'Arrived', exact: true }).click();
    await page.getByTestId('queue-status').waitFor();

    const account = page.getByTestId('account');
    await account.getByRole('button', { name: 'Sign out' }).click();
    const warning = page.getByRole('alertdialog');
    expect(await warning.getByRole('heading').innerText()).toBe('1 change is still waiting to be sent');
    await shot(app, 'sign-out-warning');
    expect(await axeProblems(app)).toEqual([]);
    // "Stay signed in" has the focus: Enter keeps the session.
    await page.keyboard.press('Enter');
    await warning.waitFor({ state: 'detached' });
    expect(await page.getByTestId('app').getAttribute('data-auth')).toBe('signed_in');

    await account.getByRole('button', { name: 'Sign out' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Sign out — it will be sent after the next sign-in as this account' })
      .click();
    await app.waitForAuth('signed_out');
    expect((await stats(stack)).eventMarks).toBe(marksBefore);

    await faults(stack, null);
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await expect.poll(async () => (await stats(stack)).eventMarks, { timeout: 20_000 }).toBe(marksBefore + 1);
    expect(app.problems).toEqual([]);
  });
});
