/** The signed-in calendar, and the permission prompt when a scope was not granted. */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../main/core/config';
import { blockSays, pinned } from './support/schedule';
import { startStack, type Stack } from './support/stack';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});
afterAll(async () => stack?.close());

describe('calendar', () => {
  it('shows a day of appointments with times, people and their states in plain words', async () => {
    stack = await startStack();
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await app.page.getByRole('heading', { name: /^Today, / }).waitFor();
    const rows = await app.nextDayWithAppointments();
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.join('\n')).toMatch(/Confirmed|Reminder sent|Not confirmed yet|Cancelled|Accepted|Declined/);
    expect(rows.join('\n')).not.toMatch(/not_coming|_/);
    await app.screenshot('test-results/calendar-day.png');
    expect(app.problems).toEqual([]);
  });

  it('marks an appointment as arrived, waiting to sync while the service does not answer', async () => {
    stack = await startStack();
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await app.nextDayWithAppointments();
    await fetch(`${stack.sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offline: true, routes: ['/v1/event/mark'] }),
    });
    const { block } = await pinned(app.page.getByTestId('appointment').first());
    await block.click({ button: 'right' });
    await app.page.getByRole('menuitem', { name: 'Arrived', exact: true }).click();
    // A small block says the mark in its name, a tall one in a badge.
    await expect.poll(() => blockSays(block)).toContain('Arrived — waiting to sync');
    await fetch(`${stack.sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
    await app.page
      .getByTestId('status-bar')
      .getByRole('button', { name: 'Retry now' })
      .click()
      .catch(() => undefined);
    await expect.poll(() => blockSays(block), { timeout: 20_000 }).not.toContain('— waiting to sync');
    await app.page.getByRole('button', { name: 'Next day' }).click();
    await app.page.getByRole('button', { name: 'Previous day' }).click();
    await expect.poll(() => blockSays(block)).toMatch(/\bArrived\b/);
  });

  it('shows the last good answer with its time when the service cannot be reached', async () => {
    stack = await startStack();
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await app.nextDayWithAppointments();
    // The patients' texts are read after the schedule's first paint; their confirm/cancel labels (shown with the
    // unread count) are part of the rows compared below, so wait for them first.
    await app.page.getByLabel(/^\d+ unread texts?$/).waitFor();
    // The Agenda list (from the top) shows the same rows whenever the same answer is shown.
    await app.page.getByRole('button', { name: 'Agenda', exact: true }).click();
    const rows = await app.agendaRows();
    expect(rows.length).toBeGreaterThan(0);
    const faults = await fetch(`${stack.sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offline: true }),
    });
    expect(faults.status).toBe(200);
    await app.waitForConnectivity('offline');
    await app.page.getByRole('button', { name: 'Next week' }).click();
    await app.page.getByRole('button', { name: 'Previous week' }).click();
    const stale = app.page.getByTestId('stale-notice');
    await stale.waitFor();
    expect(await stale.innerText()).toMatch(/^Offline — showing appointments as of \d{1,2}:\d{2}/);
    // The list is virtualised: the offline notice takes room, so fewer rows may be drawn. The rows drawn are the
    // same appointments, from the top, as the service's answer showed.
    const after = await app.agendaRows();
    expect(after.length).toBeGreaterThanOrEqual(Math.min(rows.length, 5));
    expect(after).toEqual(rows.slice(0, after.length));
    await app.screenshot('test-results/calendar-offline.png');
    await fetch(`${stack.sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
    await app.waitForConnectivity('online');
    await stale.waitFor({ state: 'detached' });
  });

  it('asks for permission in plain words when appointments were not granted, and Grant access fixes it', async () => {
    stack = await startStack({ scopes: DEFAULT_SCOPES.filter((s) => s !== 'events:read') });
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    const prompt = app.page.getByTestId('permission-needed');
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain('Frontdesk needs permission to see appointments.');
    await app.screenshot('test-results/calendar-permission.png');

    const tab = app.page.context().waitForEvent('page');
    await prompt.getByRole('button', { name: 'Grant access' }).click();
    const portal = await tab;
    await portal.getByRole('button', { name: 'Allow' }).waitFor();
    expect(await portal.locator('[data-scope="events:read"]').count()).toBe(1);
    await portal.getByRole('button', { name: 'Allow' }).click();
    await portal.waitForURL(/\/oauth\/callback/);
    await app.page.getByTestId('permission-needed').waitFor({ state: 'detached' });
    expect(stack.host.core.auth.status().grantedScopes).toEqual(expect.arrayContaining([...DEFAULT_SCOPES]));
    await app.nextDayWithAppointments();
    expect(await app.page.getByTestId('permission-needed').count()).toBe(0);
  });
});
