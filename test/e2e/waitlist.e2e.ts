/**
 * The waitlist through two browser hosts (two workstations of one practice, each its own core and data folder,
 * one service): a patient added on the first is on the second's list; a cancellation on the first offers its time to
 * who fits, in order; two patients reply YES (the sandbox's inbound route) while writes lose their answers
 * (`resetAfterApply`): one appointment, one confirmation, one "taken", each once, though both desks heard both. The
 * service texts nobody on its own: `messagesRecorded` counts only the texts the desks sent. The screen is looked at in
 * light and dark at both sizes, with axe.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host/server';
import { bookingKey } from '../../main/core/api/waitlist-records';
import { loadConfig } from '../../main/core/config';
import { systemClock } from '../../main/core/platform';
import { practiceNow } from './support/clock';
import { FrontdeskPage } from './support/driver';
import { messagesRecorded, patientReplies } from './support/messages-screen';
import { appointmentsNamed, everyLook, faults, nextBusyDay, serviceCall, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

/** The second workstation: its own browser host (own core, own data folder) on the same service. */
let second: { host: BrowserHost; dir: string } | undefined;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'frontdesk-e2e-desk2-'));
  const host = await startBrowserHost({
    port: 0,
    config: loadConfig({
      env: {},
      overrides: { serviceUrl: stack.sandbox.url, portalUrl: stack.sandbox.url, usingSandbox: true },
    }),
    dataDir: dir,
    rendererDir: resolve(__dirname, '../../out/renderer'),
    appVersion: '0.0.0-e2e',
    probe: { onlineIntervalMs: 1000, offlineIntervalMs: 500, timeoutMs: 1500 },
    clock: { ...systemClock, now: () => practiceNow() },
  });
  second = { host, dir };
});
afterAll(async () => {
  await second?.host.close();
  if (second) rmSync(second.dir, { recursive: true, force: true });
});

/** A signed-in tab of a workstation, on its Waitlist screen. */
async function openDesk(url: string): Promise<FrontdeskPage> {
  const context = await stack.newContext({ viewport: { width: 1280, height: 800 } });
  const app = new FrontdeskPage(await context.newPage());
  await app.goto(url);
  await signedInSchedule(app);
  return app;
}

async function toWaitlist(app: FrontdeskPage): Promise<void> {
  await app.page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: /^Waitlist/ })
    .click();
  await app.page.locator('[data-testid="waitlist"][data-loading="false"]').waitFor();
}

/** Adds a patient on the screen open (any provider, every day, any time). */
async function addPatient(app: FrontdeskPage, name: string, phone: string): Promise<void> {
  const page = app.page;
  await page.getByRole('button', { name: 'Add a patient' }).click();
  const form = page.getByRole('form', { name: 'Add to the waitlist' });
  await form.getByLabel('Patient’s name').fill(name);
  await form.getByLabel('Mobile phone').fill(phone);
  for (const day of ['Saturday', 'Sunday']) await form.getByLabel(day).check();
  await form.getByLabel('Earliest start').fill('00:00');
  await form.getByLabel('Latest finish').fill('23:59');
  await form.getByRole('button', { name: 'Add to waitlist' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByTestId('waitlist-entry').filter({ hasText: name }).waitFor();
}

const entryRow = (app: FrontdeskPage, name: string) => app.page.getByTestId('waitlist-entry').filter({ hasText: name });

let deskA: FrontdeskPage;
let deskB: FrontdeskPage;

describe('the waitlist on two workstations', () => {
  it('a patient added on one workstation is on the other’s list; nothing is texted', async () => {
    const texted = await messagesRecorded(stack);
    deskA = await openDesk(stack.host.url);
    deskB = await openDesk(second!.host.url);
    await toWaitlist(deskA);
    await addPatient(deskA, 'Ann Early', '(312) 555-0191');
    await addPatient(deskA, 'Bob Later', '(312) 555-0192');
    // Sent: no longer "waiting", then read on the other desk.
    await entryRow(deskA, 'Ann Early').and(deskA.page.locator(':not(:has(.badge-wait))')).waitFor({ timeout: 20_000 });
    await toWaitlist(deskB);
    await entryRow(deskB, 'Ann Early').waitFor({ timeout: 20_000 });
    await entryRow(deskB, 'Bob Later').waitFor({ timeout: 20_000 });
    const names = await deskB.page.getByTestId('waitlist-entry').locator('.waitlist-name').allInnerTexts();
    expect(names.indexOf('Ann Early')).toBeLessThan(names.indexOf('Bob Later'));
    expect(await messagesRecorded(stack)).toBe(texted);
    expect(await everyLook(deskA, 'waitlist-list')).toEqual([]);

    // From a contact's page (which Find a patient opens too): the form comes filled in with them.
    await deskB.go('Contacts');
    const first = deskB.page.getByTestId('contact-row').first().locator('.contact-name-text');
    const name = await first.innerText();
    await first.click();
    await deskB.page.getByTestId('contact-details').getByRole('button', { name: 'Add to waitlist' }).click();
    const form = deskB.page.getByRole('form', { name: 'Add to the waitlist' });
    expect(await form.getByLabel('Patient’s name').inputValue()).toBe(name);
    expect(await form.getByLabel('Mobile phone').inputValue()).not.toBe('');
    expect(await everyLook(deskB, 'waitlist-add')).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // From Find a patient, without opening their page: the arrow keys choose the match, the button names them.
    await deskB.page.keyboard.press('Control+k');
    const finder = deskB.page.getByRole('dialog', { name: 'Find a patient' });
    await finder.getByRole('searchbox', { name: 'Name, phone or e-mail' }).fill(name.split(' ')[0]!);
    await finder.getByRole('option').first().waitFor();
    await deskB.page.keyboard.press('ArrowDown');
    await deskB.page.keyboard.press('ArrowDown');
    const chosen = (await finder.locator('[role="option"][data-focused]').getAttribute('data-key')) ?? '';
    const chosenName = await finder.locator(`[role="option"][data-key="${chosen}"] .finder-name`).innerText();
    const add = finder.getByTestId('finder-waitlist');
    await expect.poll(() => add.innerText()).toBe(`Add ${chosenName} to waitlist`);
    await add.click();
    await finder.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Patient’s name').inputValue()).toBe(chosenName);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a cancellation offers its time; two YES with lost answers: one booking, one confirmation, one “taken”', async () => {
    const page = deskA.page;
    // An appointment ahead (tomorrow or later, so it has not begun at any hour the suite runs), cancelled here.
    await deskA.go('Calendar');
    await page.getByRole('button', { name: 'Next day' }).click();
    await nextBusyDay(deskA);
    // A patient's visit ("Cleaning - Maria Garcia"), not a free hold or a meeting: only a visit frees someone's time.
    const block = appointmentsNamed(page, ' - ').first();
    await block.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Cancel appointment…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel appointment' }).click();

    // The Waitlist's tab says a freed time waits to be offered; the screen shows who fits, first added first.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: /^Waitlist/ })
      .getByLabel('1 freed time to offer')
      .waitFor({ timeout: 20_000 });
    await toWaitlist(deskA);
    const freed = page.getByTestId('freed-time').first();
    await freed.waitFor({ timeout: 20_000 });
    expect(await freed.getByTestId('fit-name').allInnerTexts()).toEqual(['1. Ann Early', '2. Bob Later']);
    const text = await freed.getByLabel('Text to send').inputValue();
    expect(text).toMatch(/^An opening: .+ with .+\. Reply YES to take it\.$/);
    expect(await everyLook(deskA, 'waitlist-freed')).toEqual([]);

    // Writes lose half their answers from here on (the service still does them).
    const texted = await messagesRecorded(stack);
    await faults(stack, {
      resetRate: 0.5,
      resetAfterApply: true,
      routes: ['/v1/events', '/v1/start_conversation'],
      methods: ['POST', 'PUT'],
      seed: 11,
    });
    await freed.getByRole('button', { name: 'Offer by text' }).click();
    const offer = page.getByTestId('offer').first();
    await offer.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => offer.getByTestId('offer-person').evaluateAll((els) => els.map((e) => e.getAttribute('data-step'))), {
        timeout: 30_000,
      })
      .toEqual(['sent', 'sent']);
    expect(await messagesRecorded(stack)).toBe(texted + 2);

    await patientReplies(stack, { phone_number: '+13125550191', content: 'YES' });
    await patientReplies(stack, { phone_number: '+13125550192', content: 'Yes' });
    // Both desks hear both replies (each polls its texts) and settle them; each screen follows.
    for (const desk of [deskA, deskB]) {
      if (desk === deskB) await toWaitlist(deskB);
      const shown = desk.page.getByTestId('offer').first();
      await expect
        .poll(
          async () =>
            (await shown.getByTestId('offer-person').evaluateAll((els) => els.map((e) => e.getAttribute('data-step'))))
              .slice()
              .sort(),
          { timeout: 90_000, interval: 1000 },
        )
        .toEqual(['booked', 'taken']);
    }
    await faults(stack, null);
    const key = await offer.getAttribute('data-key');

    // One appointment, at the freed time, for one of them; two texts after the offers: one confirmation, one "taken".
    const booked = await serviceCall<{ participants: { name: string }[] }>(
      stack,
      'GET',
      `/v1/event?external_id=${encodeURIComponent(bookingKey(key!))}`,
    );
    expect(booked.participants.map((p) => p.name)).toHaveLength(1);
    await expect.poll(() => messagesRecorded(stack), { timeout: 30_000 }).toBe(texted + 4);
    const outbound = async (phone: string) => {
      const threads = await serviceCall<{ conversations: { id: number }[] }>(
        stack,
        'GET',
        `/v1/conversations?phone_number=${encodeURIComponent(phone)}&page_size=100`,
      );
      const words: string[] = [];
      for (const t of threads.conversations) {
        const m = await serviceCall<{ messages: { direction: string; content: string }[] }>(
          stack,
          'GET',
          `/v1/conversation_messages?conversation_id=${t.id}&page_size=100`,
        );
        words.push(...m.messages.filter((x) => x.direction === 'outbound').map((x) => x.content));
      }
      return words;
    };
    const ann = await outbound('+13125550191');
    const bob = await outbound('+13125550192');
    const all = [...ann, ...bob];
    expect(all.filter((w) => w.startsWith('You are booked:'))).toHaveLength(1);
    expect(all.filter((w) => w === 'That time has been taken — you are still on the list.')).toHaveLength(1);
    expect(ann.filter((w) => w === text)).toHaveLength(1);
    expect(bob.filter((w) => w === text)).toHaveLength(1);
    // The patient booked is off the list on both desks.
    const winner = booked.participants[0]!.name;
    for (const desk of [deskA, deskB])
      await expect.poll(() => entryRow(desk, winner).count(), { timeout: 20_000 }).toBe(0);
    expect(await everyLook(deskB, 'waitlist-offer')).toEqual([]);
  });
});
