/**
 * Permission: without `messaging:read` the Messages tab says why it is empty and offers "Grant access"; with read but
 * without `messaging:send` threads are read-only (no reply box, no "Text patient", no broadcast) with "Grant access",
 * and granting it through the service's consent page brings the reply box.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../main/core/config';
import { MessagesScreen } from './support/messages-screen';
import { plainWordsProblems } from './support/plain-words';
import { axeProblems, shot } from './support/schedule';
import { startStack, type Stack } from './support/stack';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});

/** A stack asking for these scopes, signed in, on the Messages tab. */
async function messagesWith(scopes: string[]) {
  stack = await startStack({ scopes });
  const app = await stack.open();
  const portal = await app.signIn('owner@frontdesk.test');
  await app.waitForAuth('signed_in');
  await portal.close();
  await app.page.bringToFront();
  const screen = new MessagesScreen(app);
  await screen.open();
  return { app, screen };
}

describe('messages permissions', () => {
  it('without permission to read texts, the tab says why it is empty and offers Grant access', async () => {
    const { app, screen } = await messagesWith(DEFAULT_SCOPES.filter((s) => !s.startsWith('messaging:')));
    const prompt = screen.root.getByTestId('permission-needed');
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain(
      'No texts are shown: Frontdesk was not given permission to read the patients’ text messages.',
    );
    expect(await prompt.getByRole('button', { name: 'Grant access' }).isEnabled()).toBe(true);
    expect(await screen.rows().count()).toBe(0);
    await shot(app, 'messages-no-read');
    expect(await axeProblems(app)).toEqual([]);
    expect(await plainWordsProblems(app.page, 'messages without read')).toEqual([]);
    // Nothing offers to send either.
    await app.go('Calendar');
    await app.page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
    expect(await app.page.getByRole('button', { name: 'Text everyone in the next hour' }).count()).toBe(0);
    expect(app.problems).toEqual([]);
  });

  it('without permission to send, threads are read-only until access is granted', async () => {
    const { app, screen } = await messagesWith(DEFAULT_SCOPES.filter((s) => s !== 'messaging:send'));
    const page = app.page;
    await screen.rows().first().click();
    await screen.thread().getByTestId('message').first().waitFor();
    const prompt = screen.thread().getByTestId('permission-needed');
    expect(await prompt.innerText()).toContain(
      'You can read these texts, but Frontdesk was not given permission to send texts.',
    );
    expect(await screen.thread().getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Quick texts…' }).count()).toBe(0);
    await shot(app, 'messages-read-only');
    expect(await axeProblems(app)).toEqual([]);

    // Grant access: the service's consent page, then the reply box.
    const tab = page.context().waitForEvent('page');
    await prompt.getByRole('button', { name: 'Grant access' }).click();
    const portal = await tab;
    const allow = portal.getByRole('button', { name: 'Allow' });
    const email = portal.getByLabel('Email');
    await allow.or(email).first().waitFor();
    if (await email.isVisible()) {
      await email.fill('owner@frontdesk.test');
      await portal.getByLabel('Password').fill('sandbox');
      await portal.getByRole('button', { name: 'Sign in' }).click();
    }
    await allow.click();
    await portal.waitForURL(/\/oauth\/callback/);
    await portal.close();
    await page.bringToFront();
    await screen
      .thread()
      .getByRole('textbox', { name: /^Reply to / })
      .waitFor({ timeout: 30_000 });
    expect(app.problems).toEqual([]);
  });
});
