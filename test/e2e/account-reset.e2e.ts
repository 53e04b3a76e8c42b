/**
 * One reset per account: what was typed under one account never shows under another, including after a
 * restart with a saved session (the page starts from the saved session, the session then ends, and someone
 * else signs in). The same account signing back in after its session ended keeps what it typed.
 */
import { describe, expect, it } from 'vitest';
import { admin } from '../support/auth-fixture';
import type { FrontdeskPage } from './support/driver';
import { useStack } from './support/stack';

const stack = useStack();

async function typeCaller(app: FrontdeskPage, name: string): Promise<void> {
  await app.go('Book appointment');
  const form = app.page.getByTestId('booking');
  await form.getByLabel('Name', { exact: true }).fill(name);
}

/** Ends the session at the service and lets the app notice it at its next call. */
async function endSession(app: FrontdeskPage, email: string): Promise<void> {
  await admin(stack.sandbox).revokeGrants({ email });
  await app.invoke('calendar:calendars');
  await app.waitForAuth('signed_out');
}

const typedName = (app: FrontdeskPage) => app.page.getByTestId('booking').getByLabel('Name', { exact: true });

describe('one reset per account', () => {
  it('a typed booking form does not survive a restart with a saved session then a sign-in by someone else', async () => {
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    // Restart: the page starts again from the saved session.
    await app.goto(stack.host.url);
    await app.waitForAuth('signed_in');
    await typeCaller(app, 'Caller Of Lakeside');

    await endSession(app, 'owner@frontdesk.test');
    await app.signIn('staff@frontdesk.test');
    await app.waitForAuth('signed_in');
    expect(await app.page.getByTestId('practice-name').innerText()).toBe('Maple Street Salon');
    await app.go('Book appointment');
    await expect.poll(() => typedName(app).inputValue()).toBe('');
    expect(await app.page.getByText('Caller Of Lakeside').count()).toBe(0);
    await app.page.context().close();
  });

  it('keeps what was typed when the same account signs back in after its session ended', async () => {
    const app = await stack.open();
    await app.waitForAuth('signed_in');
    await typeCaller(app, 'Caller Of Maple');
    await endSession(app, 'staff@frontdesk.test');
    await app.signIn('staff@frontdesk.test');
    await app.waitForAuth('signed_in');
    await app.go('Book appointment');
    expect(await typedName(app).inputValue()).toBe('Caller Of Maple');

    // An explicit sign-out forgets it, even for the same account.
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await app.waitForAuth('signed_out');
    await app.signIn('staff@frontdesk.test');
    await app.waitForAuth('signed_in');
    await app.go('Book appointment');
    await expect.poll(() => typedName(app).inputValue()).toBe('');
    await app.page.context().close();
  });
});
