/**
 * Texts never sent twice and never stale: a reply written offline shows "Not sent yet" and reaches the service exactly
 * once when it is back; one still unsent after 15 minutes (the app's clock is moved) is held and asks "Send now
 * anyway?" — Discard sends nothing, Send sends it once; a patient who opted out cannot be answered, and one opted out
 * elsewhere meanwhile is told apart and nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import {
  messagesRecorded,
  MessagesScreen,
  openMessagesApp,
  patientReplies,
  sandboxMessages,
  TEXTING_SCOPES,
} from './support/messages-screen';
import { plainWordsProblems } from './support/plain-words';
import { axeProblems, faults, readAheadLogged, serviceCall, shot } from './support/schedule';
import { useStack } from './support/stack';
import { startedThreadName } from './support/varied';

const stack = useStack({ scopes: TEXTING_SCOPES });

/**
 * Starts a thread at the service with a number no contact has, and opens it in the app: by its name, or by its number
 * as the app tells it (`shown`) when the service's list of threads leaves names out (support/varied.ts).
 */
async function openNewThread(name: string, phone: string, shown: string) {
  const started = await serviceCall<{ conversation: { id: number } }>(stack, 'POST', '/v1/start_conversation', {
    phone_number: phone,
    name,
    content: `Hello ${name}, this is Lakeside Dental.`,
  });
  const app = await openMessagesApp(stack);
  // How a number is told depends on the practice's country, learnt from the contacts the read-ahead reads (before it,
  // "+1 312 555 9871"): wait for it, so the row's name does not depend on when the read-ahead ran.
  await readAheadLogged(stack);
  const screen = new MessagesScreen(app);
  const label = startedThreadName(name, shown);
  await screen.open();
  await screen.row(label).click();
  await screen.thread().getByRole('heading', { name: label }).waitFor();
  return { app, screen, id: started.conversation.id, label };
}

/** Sends the service away until `online()`; the app sees it offline. */
async function offline(app: Awaited<ReturnType<typeof openNewThread>>['app']) {
  await faults(stack, { offline: true });
  await app.waitForConnectivity('offline');
}

describe('texts offline, held and refused', () => {
  it('a reply written offline shows "Not sent yet" and is sent exactly once when the service is back', async () => {
    const { app, screen, id, label } = await openNewThread('Ines Park', '+13125559871', '(312) 555-9871');
    await offline(app);
    const before = await messagesRecorded(stack);
    await screen.reply('Parking is on Elm Street');
    const pending = screen.thread().getByTestId('pending-text');
    await pending.filter({ hasText: 'Not sent yet' }).waitFor();
    expect(await pending.locator('.message-text').innerText()).toBe('Parking is on Elm Street');
    await screen.row(label).getByText('Not sent', { exact: true }).waitFor();
    await shot(app, 'messages-not-sent-yet');
    expect(await axeProblems(app)).toEqual([]);
    expect(await messagesRecorded(stack)).toBe(before);

    await faults(stack, null);
    await expect.poll(() => screen.texts(), { timeout: 30_000 }).toContain('out: Parking is on Elm Street');
    await pending.waitFor({ state: 'detached' });
    expect(await messagesRecorded(stack)).toBe(before + 1);
    const texts = await sandboxMessages(stack, id);
    expect(texts.filter((m) => m.content === 'Parking is on Elm Street')).toHaveLength(1);
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });

  it('a text unsent after 15 minutes is held: Discard sends nothing, Send sends it once', async () => {
    const { app, screen, id } = await openNewThread('Theo Grant', '+13125559872', '(312) 555-9872');
    const before = await messagesRecorded(stack);
    const held = screen.thread().locator('[data-testid="pending-text"][data-state="held"]');

    for (const [text, choice] of [
      ['We are running about 10 minutes late', 'Discard'],
      ['Your room is ready', 'Send'],
    ] as const) {
      await offline(app);
      await screen.reply(text);
      await screen.thread().getByTestId('pending-text').filter({ hasText: 'Not sent yet' }).waitFor();
      stack.advanceClock(16 * 60_000);
      await faults(stack, null);
      await held.waitFor({ timeout: 30_000 });
      expect(await held.innerText()).toContain('Not sent after 15 minutes. Send now anyway?');
      expect(await messagesRecorded(stack)).toBe(before);
      if (choice === 'Discard') {
        await shot(app, 'messages-held');
        expect(await axeProblems(app)).toEqual([]);
        expect(await plainWordsProblems(app.page, 'held text')).toEqual([]);
      }
      await held.getByRole('button', { name: choice, exact: true }).click();
      await held.waitFor({ state: 'detached' });
    }
    await expect.poll(() => screen.texts(), { timeout: 30_000 }).toContain('out: Your room is ready');
    expect(await messagesRecorded(stack)).toBe(before + 1);
    const texts = (await sandboxMessages(stack, id)).map((m) => m.content);
    expect(texts.filter((t) => t === 'Your room is ready')).toHaveLength(1);
    expect(texts).not.toContain('We are running about 10 minutes late');
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });

  it('a patient who opted out: the reply is off; one opted out elsewhere meanwhile is refused, nothing sent', async () => {
    const lists = await serviceCall<{ lists: { id: number; type: string; entries: string[] }[] }>(
      stack,
      'GET',
      '/v1/lists',
    );
    const optOut = lists.lists.find((l) => l.type === 'opt_out')!;
    const optedOut = optOut.entries.find((e) => e.startsWith('+'))!;
    // They texted STOP: their thread arrives by itself, and the lists already say they opted out.
    await patientReplies(stack, { phone_number: optedOut, content: 'STOP' });
    const app = await openMessagesApp(stack);
    const screen = new MessagesScreen(app);
    await screen.open();
    await screen.search(optedOut.slice(-4));
    await screen.rows().first().waitFor({ timeout: 30_000 });
    await screen.rows().first().click();
    await screen.thread().getByTestId('message').first().waitFor();
    await screen.thread().getByTestId('texts-off').waitFor();
    expect(await screen.thread().getByTestId('texts-off').innerText()).toBe('This patient asked not to be texted');
    expect(
      await screen
        .thread()
        .getByRole('textbox', { name: /^Reply to / })
        .isDisabled(),
    ).toBe(true);

    // Another patient writes in; while their thread is open, another desk puts them on the opt-out list.
    const other = '+13125557391';
    await patientReplies(stack, { phone_number: other, content: 'Is parking free?' });
    await screen.search(other.slice(-4));
    await screen.rows().first().waitFor({ timeout: 30_000 });
    await screen.rows().first().click();
    await screen.thread().getByText('Is parking free?').waitFor();
    await serviceCall(stack, 'PUT', '/v1/lists', { lists: [{ id: optOut.id, add_entries: [other] }] });
    const before = await messagesRecorded(stack);
    await screen.reply('Yes, behind the building');
    const refused = screen.thread().locator('[data-testid="pending-text"][data-state="needs_attention"]');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.innerText()).toContain('This patient has opted out of text messages');
    // The refusal is remembered: the reply is off now, with the reason.
    await screen.thread().getByTestId('texts-off').waitFor();
    expect(
      await screen
        .thread()
        .getByRole('textbox', { name: /^Reply to / })
        .isDisabled(),
    ).toBe(true);
    await shot(app, 'messages-opted-out');
    expect(await messagesRecorded(stack)).toBe(before);
    await refused.getByRole('button', { name: 'Discard' }).click();
    await refused.waitFor({ state: 'detached' });
    expect(await messagesRecorded(stack)).toBe(before);
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });
});
