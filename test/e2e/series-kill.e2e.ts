/**
 * Recurring visits across a kill -9 of the browser host (run as a child process, support/host-process.ts): an 8-week
 * series whose third date clashes is checked, the clash skipped, and saved while the service cannot be reached; the
 * host is killed with the series waiting. A new host over the same data folder is still signed in, shows the series
 * waiting, and "this and following" is moved from the second visit, still offline. The service comes back with its
 * writes of visits slowed, and the host is killed again once the service holds some visits but not all, and a third
 * time once some but not all are moved. A last host finishes the queue: every kept visit lands once, the skipped one
 * never, the later ones at the new time. Every wait is on the service's events or the page, never on the clock.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { wallClock } from '../../common/practice-time';
import { practiceDay } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import { killHostProcesses, startHostProcess, type HostProcess } from './support/host-process';
import { appointmentsNamed, faults, reveal, scheduleSettled, signedInSchedule } from './support/schedule';
import {
  bookHartClash,
  daysToTuesday,
  expectLandedOnce,
  fillWeeklySeries,
  moveThisAndFollowing,
  nextDays,
  visits,
  ZONE,
} from './support/series';
import { useStack } from './support/stack';

const stack = useStack();
const TITLE = 'Physio - Rowan Killed';
const dataDir = mkdtempSync(join(tmpdir(), 'frontdesk-e2e-kill-'));
const hosts: HostProcess[] = [];

afterAll(() => {
  killHostProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new child host over the data folder, its page open. */
async function restart(): Promise<{ host: HostProcess; app: FrontdeskPage }> {
  const host = await startHostProcess(stack, dataDir);
  hosts.push(host);
  return { host, app: await host.open() };
}

/** kill -9 of the host, and its tab closed (its socket is gone). */
async function kill9(host: HostProcess, app: FrontdeskPage): Promise<void> {
  await host.kill9();
  await app.page.context().close();
}

describe('recurring visits across a kill -9', () => {
  it('an 8-week series with a clash skipped, then "this and following" moved, lands once after offline and kill -9s', async () => {
    onTestFailed(() => {
      for (const [i, host] of hosts.entries()) console.error(`--- child host ${i + 1} ---\n${host.output()}`);
      try {
        console.error(`--- main.log ---\n${readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8')}`);
      } catch {
        console.error('(no main.log)');
      }
    });
    const d = daysToTuesday();
    const day1 = practiceDay(d);
    // Another desk books Dr. Hart over the third visit's hour.
    await bookHartClash(stack, practiceDay(d + 14));

    // First host: signed in, the series checked, then saved while the service cannot be reached.
    let { host, app } = await restart();
    await signedInSchedule(app);
    const dialog = await fillWeeklySeries(app, TITLE, day1);
    await dialog.getByTestId('series-dates').getByRole('heading', { name: 'Dates: 7 of 8 to book' }).waitFor();
    expect(await dialog.getByLabel('Visit 3: keep, skip or move').inputValue()).toBe('skip');
    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline', 30_000);
    await dialog.getByRole('button', { name: 'Add the series' }).click();
    await dialog.waitFor({ state: 'detached' });
    await app.page.getByTestId('queue-status').waitFor();
    // kill -9 with the series waiting.
    await kill9(host, app);

    // Second host, same data folder: still signed in, the series still waiting; "this and following" moved.
    ({ host, app } = await restart());
    await app.waitForAuth('signed_in');
    await scheduleSettled(app);
    await app.page.getByTestId('queue-status').waitFor();
    await nextDays(app, d + 7);
    expect(await reveal(app, TITLE)).toBe(true);
    const second = appointmentsNamed(app.page, TITLE).first();
    expect(await second.getAttribute('data-pending')).not.toBeNull();
    await moveThisAndFollowing(app, TITLE);
    expect(await reveal(app, TITLE)).toBe(true);
    await expect.poll(() => appointmentsNamed(app.page, TITLE).first().innerText()).toMatch(/4:00/);

    // The service is back, each write of a visit answered slowly: killed once it holds some of the visits, not all.
    await faults(stack, { latencyMs: 1000, routes: ['/v1/events'], methods: ['PUT'] });
    await expect
      .poll(async () => (await visits(stack, TITLE, day1)).length, { timeout: 60_000, interval: 50 })
      .toBeGreaterThanOrEqual(3);
    await kill9(host, app);
    // At most the one write in flight landed after the kill.
    expect((await visits(stack, TITLE, day1)).length).toBeLessThan(7);

    // Third host: finishes making them, and is killed once some but not all are moved.
    ({ host, app } = await restart());
    const moved = async () =>
      (await visits(stack, TITLE, day1)).filter((e) => wallClock(e.start_time, ZONE) === '16:00').length;
    await expect.poll(moved, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    await kill9(host, app);
    expect(await moved()).toBeLessThan(6);

    // Last host, the service answering at once: the queue empties, and every visit is there once.
    await faults(stack, null);
    ({ host, app } = await restart());
    await app.waitForAuth('signed_in');
    await app.page.getByTestId('queue-status').waitFor({ state: 'detached', timeout: 60_000 });
    await expectLandedOnce(stack, TITLE, day1, '16:00');
    await kill9(host, app);
  }, 300_000);
});
