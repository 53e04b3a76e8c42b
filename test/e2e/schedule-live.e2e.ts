/**
 * Live: appointments booked, changed or cancelled elsewhere (straight at the service) show up by themselves within
 * 30 s, changed ones highlighted; and a write made here loads only the appointment it touched, never the range.
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './support/stack';
import {
  appointmentsNamed,
  blockSays,
  nextBusyDay,
  openSized,
  pinned,
  reveal,
  serviceCall,
  signedInSchedule,
} from './support/schedule';

const stack = useStack();

/** `yyyy-MM-ddTHH:mm:00` on the shown day, from a block's time in the sandbox. */
async function shownDay(id: number): Promise<string> {
  const event = await serviceCall<{ start_time: string }>(stack, 'GET', `/v1/event?id=${id}`);
  return event.start_time.slice(0, 10);
}

const rangeReads = () => stack.wire.filter((f) => f.includes('"channel":"calendar:range"')).length;

describe('live schedule', () => {
  it('shows an appointment booked at the service within 30 s, highlighted, and drops one deleted there', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const first = appointmentsNamed(page, ' - ').first();
    const firstId = Number(await first.getAttribute('data-id'));
    // Its title, as its hover text's second line says it (the block may show only whom it is for).
    const firstTitle = (await first.getAttribute('title'))!.split('\n')[1]!;
    const day = await shownDay(firstId);
    const offset = (
      await serviceCall<{ start_time: string }>(stack, 'GET', `/v1/event?id=${firstId}`)
    ).start_time.slice(19);
    const reads = rangeReads();

    await serviceCall(stack, 'POST', '/v1/events', {
      events: [
        {
          calendar_id: 1001,
          title: 'Booked elsewhere - Lin Wei',
          start_time: `${day}T09:00:00${offset}`,
          end_time: `${day}T09:30:00${offset}`,
          participants: [{ name: 'Lin Wei', phone: '(312) 555-0166' }],
        },
      ],
    });
    await serviceCall(stack, 'DELETE', `/v1/events?id=${firstId}`);
    const arrived = appointmentsNamed(page, 'Booked elsewhere - Lin Wei');
    // The grid keeps only the hours in view (it opens near now on today): look down the day until it has come.
    await expect.poll(() => reveal(app, 'Booked elsewhere - Lin Wei'), { timeout: 30_000 }).toBe(true);
    await arrived.waitFor();
    expect(await arrived.getAttribute('class')).toContain('appt-changed');
    // The deleted one is gone from the whole day, not just scrolled out of the page.
    await expect.poll(() => reveal(app, firstTitle), { timeout: 30_000 }).toBe(false);
    expect(await page.locator(`[data-testid="appointment"][data-id="${firstId}"]`).count()).toBe(0);
    // It came by asking what changed, not by reading the whole range again.
    expect(rangeReads()).toBe(reads);
  });

  it('a mark made here reloads only that appointment, not the range', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { block } = await pinned(appointmentsNamed(page, ' - ').nth(1));
    const reads = rangeReads();
    const singles = stack.wire.filter((f) => f.includes('"channel":"calendar:event"')).length;
    await block.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Confirmed', exact: true }).click();
    await expect.poll(() => blockSays(block)).not.toContain('— waiting to sync');
    await expect.poll(() => blockSays(block)).toMatch(/\bConfirmed\b/);
    expect(rangeReads()).toBe(reads);
    // The read follows the change's "done", which may reach the page a frame after the block's new words.
    const singleReads = () => stack.wire.filter((f) => f.includes('"channel":"calendar:event"')).length;
    await expect.poll(singleReads).toBeGreaterThan(singles);
    expect(singleReads()).toBe(singles + 1);
  });
});
