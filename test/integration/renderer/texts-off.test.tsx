/**
 * A patient on the service's opt-out list, on the real renderer over the real core: their page says texts are stopped,
 * "Text patient" is off with the reason beside it ("This patient asked not to be texted"), and a patient who may be
 * texted keeps the button. The consent is read from the sandbox's lists over HTTP, as the app reads it.
 */
import type { render as Render, cleanup as Cleanup, screen as Screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import type { ContactView } from '../../../common/contract';
import { call, useRendererOnCore } from '../../support/bootstrap';

const run = useRendererOnCore('owner@frontdesk.test');
let teardownDom: () => void = () => undefined;
let cleanup: typeof Cleanup = () => undefined;
let stopped: ContactView;
let free: ContactView;

/** Puts `phone` on the account's first opt-out list, as another desk would (the owner's key: not field-checked). */
async function optOut(phone: string): Promise<void> {
  const sb = run.sandbox;
  const owner = sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const auth = `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`;
  const { lists } = (await (await fetch(`${sb.url}/v1/lists`, { headers: { authorization: auth } })).json()) as {
    lists: { id: number; type: string }[];
  };
  const list = lists.find((l) => l.type === 'opt_out')!;
  const res = await fetch(`${sb.url}/v1/lists`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ lists: [{ id: list.id, add_entries: [phone] }] }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  const { items } = await call(run.made, 'contacts:search', { query: '' });
  const withPhone = items.filter((c) => c.phones.length > 0 && c.id !== null);
  [stopped, free] = [withPhone[0]!, withPhone[1]!];
  await optOut(stopped.phones[0]!.normalized);
  const { useAuthStore } = await import('../../../renderer/stores/auth-store');
  await useAuthStore.getState().load();
  // The page is made after signing in (see schedule-first-frame.test.tsx: the sign-in's crypto is this realm's).
  const dom = await builtinEnvironments.jsdom.setup(globalThis, {});
  teardownDom = () => void dom.teardown(globalThis);
  // @ts-expect-error -- css.escape ships no types; react-aria needs the CSS.escape it installs.
  await import('css.escape');
}, 30_000);

afterAll(() => {
  cleanup();
  teardownDom();
});

it('turns Text patient off, with the reason, for a patient who opted out, and leaves it on for others', async () => {
  const testing = await import('@testing-library/react');
  const render: typeof Render = testing.render;
  const screen: typeof Screen = testing.screen;
  cleanup = testing.cleanup;
  const { ContactDetails } = await import('../../../renderer/features/contacts/ContactDetails');

  const page = render(<ContactDetails contact={stopped} />);
  // The consent read over HTTP shows on the page; the button and its reason are drawn from it in the same render.
  await testing.waitFor(
    () =>
      expect(screen.getByTestId('consent-words').textContent).toBe(
        'Texts: stopped — the patient is on the practice’s opt-out list',
      ),
    { timeout: 10_000 },
  );
  const reason = screen.getByTestId('texts-off');
  expect(reason.textContent).toBe('This patient asked not to be texted');
  const text = screen.getByRole('button', { name: 'Text patient' });
  expect(text).toHaveProperty('disabled', true);
  expect(text.getAttribute('aria-describedby')).toBe(reason.id);
  page.unmount();

  render(<ContactDetails contact={free} />);
  await testing.waitFor(() => expect(screen.getByTestId('consent-words').textContent).toBe('Texts: allowed'), {
    timeout: 10_000,
  });
  expect(screen.getByRole('button', { name: 'Text patient' })).toHaveProperty('disabled', false);
  expect(screen.queryByTestId('texts-off')).toBeNull();
});
