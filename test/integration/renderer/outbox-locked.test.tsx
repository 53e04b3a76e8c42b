// @vitest-environment jsdom
/**
 * The browser host's vault.key lost while changes wait: the whole app (the real renderer on the real core, over the
 * page's bridge) says so at once on the sign-in screen, in plain words with what to do next, and the status bar says
 * it too. "Start a new, empty outbox" asks once more, then sets the old changes aside and the notice goes.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useLogOnFailure, useSandbox } from '../../support/bootstrap';
import { makeCore, tempDir } from '../../support/core-fixture';
import { installBridge } from '../../support/renderer-on-core';
import { openOutbox, tokenClient } from '../outbox/helpers';

const ORIGIN = 'app://frontdesk';
const kit = useSandbox({ contacts: 5, events: 5 });
let made: ReturnType<typeof makeCore>;
const dir = tempDir('outbox-locked-');
useLogOnFailure(() => made);

beforeAll(async () => {
  // Three changes wait in the outbox (the service never reached), then vault.key is lost.
  const box = await openOutbox({
    dataDir: dir.dir,
    service: tokenClient(kit.sb.url, () => 'unused'),
    account: () => 'sandbox|owner',
    online: () => false,
  });
  for (const name of ['Ada Locked', 'Ben Locked', 'Cy Locked'])
    await box.enqueue('contact.create', { address_book_id: 2001, name });
  await box.close();
  rmSync(join(dir.dir, 'vault.key'));

  made = makeCore(kit.sb.url, { dataDir: dir.dir, trustedOrigin: ORIGIN });
  await made.core.start();
  installBridge(made);
});

afterAll(async () => {
  cleanup();
  await made.core.stop();
  dir.cleanup();
});

it('tells on the sign-in screen, at once, that the waiting changes cannot be read and what to do', async () => {
  const { App } = await import('../../../renderer/App');
  render(<App />);
  await screen.findByTestId('sign-in');
  const notice = await screen.findByTestId('outbox-locked');
  const words = notice.textContent ?? '';
  expect(words).toContain('Frontdesk cannot read the changes waiting on this computer.');
  expect(words).toContain('Up to 3 saved changes are waiting');
  expect(words).toContain(join(dir.dir, 'vault.key'));
  expect(words).toContain('Put the old key file back');
  expect(words).toContain('then restart Frontdesk');
  expect(words).toContain('nothing was deleted');
  expect(words).not.toContain('Nothing was sent');
  expect(screen.getByTestId('outbox-cannot-open-status').textContent).toBe('Cannot read the changes waiting');
  // One notice, not two: the general "cannot read" words give way to the one that says what to do.
  expect(screen.queryByTestId('outbox-cannot-open')).toBeNull();
  // No new vault.key was written meanwhile.
  expect(existsSync(join(dir.dir, 'vault.key'))).toBe(false);

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Start a new, empty outbox' }));
  expect(readdirSync(join(dir.dir, 'outbox')).some((n) => n.startsWith('set-aside-'))).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Yes, set the old changes aside and start empty' }));
  await waitFor(() => expect(screen.queryByTestId('outbox-locked')).toBeNull());
  expect(screen.queryByTestId('outbox-cannot-open-status')).toBeNull();
  expect(readdirSync(join(dir.dir, 'outbox')).filter((n) => n.startsWith('set-aside-'))).toHaveLength(1);
});
