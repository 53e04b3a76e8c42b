/** The sign-in screen says when the service cannot be reached, before any browser tab is opened, and recovers. */
import { describe, expect, it } from 'vitest';
import { useStack } from './support/stack';

const stack = useStack();

describe('sign-in while the service is down', () => {
  it('says the service cannot be reached and opens no browser tab until it answers', async () => {
    await stack.stopService();
    const app = await stack.open();
    await app.waitForAuth('signed_out');
    const unreachable = app.page.getByTestId('service-unreachable');
    await unreachable.waitFor();
    expect(await unreachable.innerText()).toContain('Frontdesk cannot reach the practice service right now');
    expect(await unreachable.getAttribute('role')).toBe('alert');

    let tabs = 0;
    app.page.context().on('page', () => tabs++);
    await app.page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await app.page.getByText('Still no answer from the practice service').waitFor();
    expect(tabs).toBe(0);
    expect(await app.page.locator('[data-testid="app"]').getAttribute('data-auth')).toBe('signed_out');

    await stack.startService();
    // The app keeps probing by itself (the Try again button asks at once).
    await unreachable.waitFor({ state: 'detached' });
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await app.page.context().close();
  });
});
