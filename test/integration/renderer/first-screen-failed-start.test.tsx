// @vitest-environment jsdom
/**
 * A page whose app could not load (its code failed to arrive) says so, and the first screen a host drew over the window
 * (renderer/first-screen/, `#first-screen`) does not stay over those words.
 */
import { expect, it, vi } from 'vitest';
import { waitFor } from '../../support/wait';

it('takes the first screen away when the app could not start, and says so', async () => {
  document.body.innerHTML =
    '<div id="first-screen" inert aria-hidden="true"><div class="app">Today</div></div><div id="root"></div>';
  // The app's code fails to load (renderer/main/start.ts's promise is the app's chunk and core's first answers).
  const app = Promise.reject(new Error('the app chunk did not load'));
  app.catch(() => undefined); // the page's entry handles it once it has rendered; not an unhandled rejection meanwhile
  vi.doMock('../../../renderer/main/start', () => ({ app }));
  await import('../../../renderer/main');
  const alert = await waitFor(() => document.querySelector('[role="alert"]'), { what: 'the words saying so' });
  expect(alert.textContent).toContain('Frontdesk could not start');
  expect(document.getElementById('first-screen'), 'the first screen over them').toBeNull();
});
