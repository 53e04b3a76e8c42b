/**
 * Texting from where the work is: a quick text edited in settings (kept), used from an appointment's details filled
 * with the patient's first name and time, sent once and shown as the appointment's thread; and "Text everyone in the
 * next hour" from the schedule, which previews every recipient and text before sending one each.
 */
import { describe, expect, it } from 'vitest';
import { practiceNow } from './support/clock';
import {
  messagesRecorded,
  MessagesScreen,
  openMessagesApp,
  sandboxThreads,
  sandboxMessages,
  TEXTING_SCOPES,
} from './support/messages-screen';
import { plainWordsProblems } from './support/plain-words';
import { appointmentsNamed, axeProblems, nextBusyDay, serviceCall, shot } from './support/schedule';
import { ContactsScreen } from './support/contacts-screen';
import { useStack } from './support/stack';

const stack = useStack({ scopes: TEXTING_SCOPES });

const QUICK = 'Hi {first name}, your {time} visit: the room is ready';

/** ISO without milliseconds, `ms` from now. */
const fromNow = (ms: number) => new Date(practiceNow() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('texting from the schedule', () => {
  it('a quick text edited in settings is kept, filled for the patient from the appointment, and sent once', async () => {
    const app = await openMessagesApp(stack);
    const page = app.page;
    const screen = new MessagesScreen(app);
    await screen.open();
    await page.getByRole('button', { name: 'Quick texts…' }).click();
    const dialog = page.getByTestId('quick-texts');
    await dialog.getByRole('button', { name: 'Add a quick text' }).click();
    const fields = dialog.getByRole('textbox');
    await fields.last().fill(QUICK);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Kept through main: a new page reads it back.
    await page.reload();
    await page.locator('[data-testid="app"][data-ready="true"]').waitFor();
    await screen.open();
    await page.getByRole('button', { name: 'Quick texts…' }).click();
    expect(
      await dialog.getByRole('textbox').evaluateAll((f) => f.map((x) => (x as HTMLTextAreaElement).value)),
    ).toContain(QUICK);
    await page.keyboard.press('Escape');

    await app.go('Calendar');
    await nextBusyDay(app);
    // The first appointment whose patient has a phone.
    const blocks = appointmentsNamed(page, ' - ');
    const details = page.getByTestId('appointment-details');
    let id = '';
    for (let i = 0; i < (await blocks.count()); i++) {
      await blocks.nth(i).click();
      await details.waitFor();
      const text = details.getByRole('button', { name: 'Text patient' });
      if (await text.isVisible().catch(() => false)) {
        id = (await blocks.nth(i).getAttribute('data-id')) ?? '';
        break;
      }
      await details.getByRole('button', { name: 'Close details' }).click();
    }
    expect(id).not.toBe('');
    const patient = await details.locator('.person-name').first().innerText();
    const before = await messagesRecorded(stack);
    await details.getByRole('button', { name: 'Text patient' }).click();
    const dialogText = page.getByTestId('text-patient');
    await dialogText.getByRole('button', { name: /^Quick text/ }).click();
    await page.getByRole('menuitem', { name: QUICK }).click();
    const box = dialogText.getByRole('textbox', { name: 'Message' });
    const filled = await box.inputValue();
    expect(filled).toMatch(
      new RegExp(`^Hi ${patient.split(' ')[0]}, your \\d{1,2}:\\d{2}\\s?[AP]?M? visit: the room is ready$`),
    );
    await shot(app, 'text-patient');
    expect(await axeProblems(app)).toEqual([]);
    expect(await plainWordsProblems(page, 'text patient')).toEqual([]);
    await dialogText.getByRole('button', { name: 'Send text' }).click();
    await expect.poll(() => dialogText.getByTestId('text-outcome').innerText(), { timeout: 20_000 }).toBe('Sent.');
    expect(await messagesRecorded(stack)).toBe(before + 1);
    const threads = await sandboxThreads(stack, `event_id=${id}`);
    const contents = (await Promise.all(threads.map((t) => sandboxMessages(stack, t.id)))).flat().map((m) => m.content);
    expect(contents.filter((c) => c === filled)).toHaveLength(1);

    // The appointment's details show its thread.
    await dialogText.getByRole('button', { name: 'Close' }).click();
    await details
      .getByRole('button', { name: /^Open the thread with / })
      .first()
      .waitFor();
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it('"Text everyone in the next hour" previews every recipient and text, then sends one each', async () => {
    const people = [
      { name: 'Nora Quinn', phone: '(312) 555-0901', at: fromNow(20 * 60_000) },
      { name: 'Omar Haddad', phone: '(312) 555-0902', at: fromNow(40 * 60_000) },
    ];
    for (const p of people)
      await serviceCall(stack, 'POST', '/v1/events', {
        events: [
          {
            calendar_id: 1001,
            title: `Check-up - ${p.name}`,
            start_time: p.at,
            end_time: new Date(Date.parse(p.at) + 15 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            participants: [{ name: p.name, phone: p.phone }],
          },
        ],
      });
    const app = await openMessagesApp(stack);
    const page = app.page;
    await page.getByRole('button', { name: 'Text everyone in the next hour' }).click();
    const dialog = page.getByTestId('broadcast');
    await dialog.getByLabel('Minutes late').fill('20');
    const rows = dialog.getByTestId('broadcast-row');
    await rows.filter({ hasText: 'Omar Haddad' }).waitFor();
    // Only ours are sent (the seeded schedule may have others in the hour): the rest are left out here.
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      const ours = /Nora Quinn|Omar Haddad/.test(await row.innerText());
      if (!ours) await row.getByRole('checkbox').uncheck();
    }
    for (const p of people)
      expect(await rows.filter({ hasText: p.name }).locator('.broadcast-text').innerText()).toBe(
        'We are running about 20 minutes late',
      );
    await shot(app, 'broadcast-preview');
    expect(await axeProblems(app)).toEqual([]);
    expect(await plainWordsProblems(page, 'broadcast')).toEqual([]);
    const before = await messagesRecorded(stack);
    await dialog.getByRole('button', { name: 'Send 2 texts' }).click();
    await expect.poll(() => rows.filter({ hasText: /Sent/ }).count()).toBe(2);
    expect(await messagesRecorded(stack)).toBe(before + 2);
    for (const p of people) {
      const digits = p.phone.replace(/\D/g, '');
      const threads = await sandboxThreads(stack, `phone_number=%2B1${digits}`);
      const texts = (await Promise.all(threads.map((t) => sandboxMessages(stack, t.id)))).flat();
      expect(texts.filter((m) => m.content === 'We are running about 20 minutes late')).toHaveLength(1);
    }
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it('"Text patient" on a contact’s details sends one text to their phone', async () => {
    const contacts = (
      await serviceCall<{
        contacts: { id: number; name: string; last_name: string; phone_numbers: { normalized: string }[] }[];
      }>(stack, 'GET', '/v1/contacts?page_size=50')
    ).contacts;
    const contact = contacts.find((c) => c.phone_numbers.length > 0 && c.last_name)!;
    const app = await openMessagesApp(stack);
    const page = app.page;
    const screen = new ContactsScreen(app);
    await screen.open();
    await screen.search(contact.last_name);
    await screen.root.getByRole('button', { name: contact.name, exact: true }).first().click();
    const details = page.getByTestId('contact-details');
    await details.getByRole('button', { name: 'Text patient' }).click();
    const dialog = page.getByTestId('text-patient');
    await dialog.getByRole('button', { name: /^Quick text/ }).click();
    await page.getByRole('menuitem', { name: 'Please call us back' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Please call us back');
    const before = await messagesRecorded(stack);
    await dialog.getByRole('button', { name: 'Send text' }).click();
    await expect.poll(() => dialog.getByTestId('text-outcome').innerText(), { timeout: 20_000 }).toBe('Sent.');
    expect(await messagesRecorded(stack)).toBe(before + 1);
    const threads = await sandboxThreads(stack, `contact_id=${contact.id}`);
    const texts = (await Promise.all(threads.map((t) => sandboxMessages(stack, t.id)))).flat();
    expect(texts.filter((m) => m.content === 'Please call us back')).toHaveLength(1);
    // "Open in Messages" shows the new thread.
    await dialog.getByRole('button', { name: 'Open in Messages' }).click();
    await page.getByTestId('thread').getByText('Please call us back').waitFor();
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
