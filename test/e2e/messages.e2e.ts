/**
 * Messages through the browser host: the threads (most recent first, found by phone in any format), a thread oldest
 * first with a reply sent once, a patient's reply arriving by itself (tab badge, title, desktop notification that
 * opens the thread), and the screen in light and dark at two sizes, with axe and the plain-words scanner.
 */
import { describe, expect, it } from 'vitest';
import {
  clickNotification,
  messagesRecorded,
  MessagesScreen,
  notifications,
  openMessagesApp,
  patientReplies,
  sandboxMessages,
  sandboxThreads,
  tabUnread,
  TEXTING_SCOPES,
} from './support/messages-screen';
import { plainWordsProblems } from './support/plain-words';
import { axeProblems, serviceCall, shot } from './support/schedule';
import { useStack } from './support/stack';
import { startedThreadName } from './support/varied';

const stack = useStack({ scopes: TEXTING_SCOPES });

describe('messages', () => {
  it('lists threads most recent first, finds one by phone in any format, shows it oldest first, replies once', async () => {
    const app = await openMessagesApp(stack);
    const page = app.page;
    const screen = new MessagesScreen(app);
    // Ctrl+6 opens Messages (the next number after the Outbox).
    await page.keyboard.press('Control+6');
    await screen.root.waitFor();
    const expected = await sandboxThreads(stack);
    await screen.rows().first().waitFor();
    const shownIds = (await screen.rows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')))).slice(
      0,
      5,
    );
    expect(shownIds).toEqual(expected.slice(0, 5).map((t) => String(t.id)));

    // A thread with the patient's reply, found by its phone typed another way.
    let target: (typeof expected)[number] | undefined;
    for (const t of expected) {
      if (t.phone && (await sandboxMessages(stack, t.id)).some((m) => m.direction === 'inbound')) {
        target = t;
        break;
      }
    }
    expect(target).toBeDefined();
    const digits = target!.phone!.slice(2);
    await screen.search(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
    await expect.poll(() => screen.rows().count()).toBeGreaterThan(0);
    const keys = await screen.rows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
    expect(keys).toContain(String(target!.id));
    await page.locator(`[role="option"][data-key="${target!.id}"]`).click();
    await screen.thread().waitFor();
    const inSandbox = await sandboxMessages(stack, target!.id);
    await expect
      .poll(() => screen.texts())
      .toEqual(inSandbox.map((m) => `${m.direction === 'inbound' ? 'in' : 'out'}: ${m.content}`));

    // The reply: counted as it is typed, sent once, shown as ours.
    const before = await messagesRecorded(stack);
    const box = screen.thread().getByRole('textbox', { name: /^Reply to / });
    await box.fill('See you soon');
    expect(await screen.thread().getByTestId('reply-count').innerText()).toBe(
      '12 of 1,600 characters · 1 text message',
    );
    await screen.thread().getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => screen.texts(), { timeout: 20_000 }).toContain('out: See you soon');
    expect(await box.inputValue()).toBe('');
    expect(await messagesRecorded(stack)).toBe(before + 1);
    const after = await sandboxMessages(stack, target!.id);
    expect(after.filter((m) => m.content === 'See you soon')).toHaveLength(1);
    // Ctrl+Enter in the box sends too (the send action's keys, renderer/features/shell/shortcuts.ts), once.
    await box.fill('On my way');
    await box.press('Control+Enter');
    await expect.poll(() => screen.texts(), { timeout: 20_000 }).toContain('out: On my way');
    expect(await box.inputValue()).toBe('');
    expect(await messagesRecorded(stack)).toBe(before + 2);
    // Ours are told apart from theirs, with the delivery in plain words.
    const ours = screen.thread().locator('[data-testid="message"][data-direction="out"]').last();
    expect(await ours.locator('.message-meta').innerText()).toMatch(/^You sent · .+ · \w/);
    expect(await plainWordsProblems(page, 'messages')).toEqual([]);

    // The thread is about an appointment: it opens that appointment's details on the schedule.
    expect(target!.event_id).not.toBeNull();
    {
      await screen.thread().getByRole('button', { name: 'Open the appointment' }).click();
      const details = page.getByTestId('appointment-details');
      await details.waitFor();
      await details
        .getByTestId('appointment-texts')
        .getByRole('button', { name: /^Open the thread with / })
        .first()
        .waitFor();
    }
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it('a patient’s reply arrives by itself: tab badge, title, a notification that opens the thread', async () => {
    // A thread with Maria Garcia (a number no contact has, so the thread keeps the name it was started with; by its
    // number when the service's list of threads leaves names out).
    const maria = startedThreadName('Maria Garcia', '(312) 555-9876');
    const started = await serviceCall<{ conversation: { id: number } }>(stack, 'POST', '/v1/start_conversation', {
      phone_number: '+13125559876',
      name: 'Maria Garcia',
      content: 'Your appointment is at 9:30 tomorrow.',
    });
    const app = await openMessagesApp(stack);
    const page = app.page;
    const screen = new MessagesScreen(app);
    // Wait for the app to know the thread, so the unread count before the reply is settled.
    await screen.open();
    await screen.row(maria).waitFor({ timeout: 40_000 });
    await app.go('Calendar');
    const unreadBefore = await tabUnread(screen);

    await patientReplies(stack, { conversation_id: started.conversation.id, content: 'Running 10 min late' });
    await expect.poll(() => tabUnread(screen), { timeout: 40_000 }).toBe(unreadBefore + 1);
    expect(await page.title()).toBe(`(${unreadBefore + 1}) Frontdesk`);
    await expect.poll(() => notifications(page)).toContain(`${maria}: Running 10 min late`);

    await clickNotification(page, `${maria}: Running 10 min late`);
    await screen.thread().getByRole('heading', { name: maria }).waitFor();
    await expect.poll(() => screen.texts()).toContain('in: Running 10 min late');
    // Read once shown: the badge and the title go back.
    await expect.poll(() => tabUnread(screen)).toBe(unreadBefore);
    expect(await page.title()).toBe(unreadBefore > 0 ? `(${unreadBefore}) Frontdesk` : 'Frontdesk');
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it.each([
    [1280, 800, false],
    [1280, 800, true],
    [1024, 700, false],
    [1024, 700, true],
  ])('looks right and passes axe at %i×%i (dark: %s)', async (width, height, dark) => {
    const app = await openMessagesApp(stack, { width, height, dark });
    const screen = new MessagesScreen(app);
    const tag = `${width}x${height}-${dark ? 'dark' : 'light'}`;
    await screen.open();
    await screen.rows().first().waitFor();
    await screen.rows().first().click();
    await screen.thread().getByTestId('message').first().waitFor();
    await shot(app, `messages-${tag}`);
    const problems = await axeProblems(app);
    await app.page.getByRole('button', { name: 'Quick texts…' }).click();
    await app.page.getByRole('dialog').getByRole('heading', { name: 'Quick texts' }).waitFor();
    await shot(app, `messages-quick-texts-${tag}`);
    problems.push(...(await axeProblems(app)));
    problems.push(...(await plainWordsProblems(app.page, `quick texts ${tag}`)));
    await app.page.keyboard.press('Escape');
    await app.page.getByTestId('quick-texts').waitFor({ state: 'detached' });
    await app.go('Calendar');
    await app.page.getByRole('button', { name: 'Text everyone in the next hour' }).click();
    const broadcast = app.page.getByTestId('broadcast');
    await broadcast
      .getByText(/No one with a phone number|Who gets which text/)
      .or(broadcast.getByRole('table'))
      .first()
      .waitFor();
    await shot(app, `messages-broadcast-${tag}`);
    problems.push(...(await axeProblems(app)));
    problems.push(...(await plainWordsProblems(app.page, `broadcast ${tag}`)));
    await app.page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });
});
