/**
 * Text consent through the browser host: a patient who says on the phone "don't text me" is opted out from their page
 * (confirmed first), and every text action says why it is off — Text patient on their page and on their appointment,
 * the reply in their thread, and the running-late texts. Opted out while the service cannot be reached, the change is shown waiting at once
 * and lands on the service's opt-out list exactly once when it is back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { practiceNow } from './support/clock';
import { ContactsScreen } from './support/contacts-screen';
import { MessagesScreen } from './support/messages-screen';
import { everyLook } from './support/schedule';
import { startStack, type Stack } from './support/stack';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});

interface Raw {
  id: number;
  name: string;
  last_name: string;
  phone_numbers: { normalized: string }[];
}

/** Reads the sandbox as the owner (ground truth; Basic calls are never field-checked). */
async function ownerGet<T>(s: Stack, path: string): Promise<T> {
  const owner = s.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${s.sandbox.url}${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  return (await res.json()) as T;
}

/** Writes to the sandbox as the owner (Basic: not field-checked). */
async function ownerPost(s: Stack, path: string, body: object): Promise<void> {
  const owner = s.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${s.sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

async function sandboxPost(s: Stack, path: string, body: object | null, method = 'POST'): Promise<void> {
  const res = await fetch(`${s.sandbox.url}${path}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  expect(res.ok).toBe(true);
}

/** List writes through /v1/lists so far (the admin API is never faulted). */
async function listsWritten(s: Stack): Promise<number> {
  const stats = await (await fetch(`${s.sandbox.url}/__sandbox/stats`)).json();
  return (stats as { listsWritten: number }).listsWritten;
}

/** How often `phone` is on the service's opt-out lists, and the list writes so far. */
async function optedOut(s: Stack, phone: string): Promise<{ times: number; written: number }> {
  const { lists } = await ownerGet<{ lists: { type: string; entries: string[] }[] }>(s, '/v1/lists');
  const entries = lists.filter((l) => l.type === 'opt_out').flatMap((l) => l.entries);
  return { times: entries.filter((e) => e === phone).length, written: await listsWritten(s) };
}

/** A seeded patient whose phones are on no list, and whose last name finds them alone. */
async function patient(s: Stack, skip = 0): Promise<Raw & { phone: string }> {
  const { lists } = await ownerGet<{ lists: { entries: string[] }[] }>(s, '/v1/lists');
  const listed = new Set(lists.flatMap((l) => l.entries));
  const { contacts } = await ownerGet<{ contacts: Raw[] }>(s, '/v1/contacts?page_size=100');
  const fit = contacts.filter(
    (c) =>
      c.phone_numbers.length > 0 &&
      c.last_name &&
      c.phone_numbers.every((ph) => !listed.has(ph.normalized)) &&
      contacts.filter((o) => o.last_name === c.last_name).length === 1,
  )[skip]!;
  return { ...fit, phone: fit.phone_numbers[0]!.normalized };
}

async function signedIn(): Promise<{ s: Stack; contacts: ContactsScreen }> {
  const s = await startStack();
  stack = s;
  const app = await s.open();
  const portal = await app.signIn('owner@frontdesk.test');
  await app.waitForAuth('signed_in');
  await portal.close();
  await app.page.bringToFront();
  const contacts = new ContactsScreen(app);
  await contacts.open();
  return { s, contacts };
}

/** Opens the patient's page from a search and waits until their consent is read. */
async function openPage(contacts: ContactsScreen, p: Raw) {
  await contacts.search(p.last_name);
  await contacts.root.getByRole('button', { name: p.name, exact: true }).first().click();
  const details = contacts.app.page.getByTestId('contact-details');
  await details.locator('[data-testid="consent-words"]:not([data-state="unknown"])').waitFor();
  return details;
}

/** "Stop texting this patient…", then the confirmation's "Stop texting". */
async function stopTexting(contacts: ContactsScreen, details: ReturnType<ContactsScreen['root']['locator']>) {
  await details.getByRole('button', { name: 'Stop texting this patient…' }).click();
  const confirm = contacts.app.page.getByTestId('stop-texting-confirm');
  await confirm.getByRole('button', { name: 'Stop texting', exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
}

const STOPPED_HERE = /^Texts: stopped — the patient asked on \d{1,2} [A-Z][a-z]{2}$/;

describe('text consent', () => {
  it('opted out by phone from their page: the text actions say why they are off', async () => {
    const { s, contacts } = await signedIn();
    const p = await patient(s);
    // The patient wrote in earlier: their thread has a reply box.
    await sandboxPost(s, '/__sandbox/inbound', { phone_number: p.phone, content: 'Can I come at 3 instead?' });
    const details = await openPage(contacts, p);
    const words = details.getByTestId('consent-words');
    expect(await words.innerText()).toBe('Texts: allowed');
    expect(await details.getByRole('button', { name: 'Text patient' }).isEnabled()).toBe(true);
    expect(await details.getByTestId('texts-off').count()).toBe(0);

    const before = await optedOut(s, p.phone);
    await stopTexting(contacts, details);
    await expect.poll(() => words.innerText()).toMatch(STOPPED_HERE);
    await details.getByTestId('consent-waiting').waitFor({ state: 'detached' });
    expect(await optedOut(s, p.phone)).toEqual({ times: 1, written: before.written + 1 });
    const text = details.getByRole('button', { name: 'Text patient' });
    expect(await text.isDisabled()).toBe(true);
    expect(await details.getByTestId('texts-off').innerText()).toBe('This patient asked not to be texted');
    expect(await text.getAttribute('aria-describedby')).toBe('contact-texts-off');
    expect(await details.getByRole('button', { name: 'Stop texting this patient…' }).count()).toBe(0);
    const problems = await everyLook(contacts.app, 'consent-stopped');

    // One of their appointments, opened from their page: its Text patient is off too, with the reason.
    await details.locator('.history-item').first().click();
    const texts = contacts.app.page.getByTestId('appointment-details').getByTestId('appointment-texts');
    await texts.getByTestId('texts-off').waitFor();
    expect(await texts.getByTestId('texts-off').innerText()).toBe('This patient asked not to be texted');
    expect(await texts.getByRole('button', { name: /^Text / }).isDisabled()).toBe(true);
    await contacts.app.page.getByRole('button', { name: 'Close details' }).click();
    await contacts.app.page.getByTestId('appointment-details').waitFor({ state: 'detached' });

    // Their thread in Messages: the reply is off, with the reason.
    const messages = new MessagesScreen(contacts.app);
    await messages.open();
    await messages.search(p.last_name);
    await messages.row(p.name).first().click();
    const thread = messages.thread();
    await thread.getByTestId('texts-off').waitFor();
    expect(await thread.getByTestId('texts-off').innerText()).toBe('This patient asked not to be texted');
    expect(await thread.getByRole('textbox', { name: /^Reply to / }).isDisabled()).toBe(true);
    expect(await thread.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);

    // Running late: in "Text everyone in the next hour" they are shown unticked, with the reason.
    const start = practiceNow() + 20 * 60_000;
    await ownerPost(s, '/v1/events', {
      events: [
        {
          calendar_id: 1001,
          title: `Check-up - ${p.name}`,
          start_time: new Date(start).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          end_time: new Date(start + 15 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          participants: [{ name: p.name, phone: p.phone }],
        },
      ],
    });
    await contacts.app.go('Calendar');
    await contacts.app.page.getByRole('button', { name: 'Text everyone in the next hour' }).click();
    const row = contacts.app.page.getByTestId('broadcast').getByTestId('broadcast-row').filter({ hasText: p.name });
    await row.getByTestId('texts-off').waitFor();
    expect(await row.getByTestId('texts-off').innerText()).toBe('This patient asked not to be texted');
    expect(await row.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await row.getByRole('checkbox').isChecked()).toBe(false);
    expect(problems).toEqual([]);
    expect(contacts.app.problems).toEqual([]);
  });

  it('opted out offline: waiting at once, undone while it waits, and once sent it lands once', async () => {
    const { s, contacts } = await signedIn();
    const p = await patient(s, 1);
    const details = await openPage(contacts, p);
    const words = details.getByTestId('consent-words');
    expect(await words.innerText()).toBe('Texts: allowed');
    const before = await optedOut(s, p.phone);

    await sandboxPost(s, '/__sandbox/faults', { offline: true });
    await contacts.app.waitForConnectivity('offline');
    // Undo while it waits: nothing was sent, texts are allowed again.
    await stopTexting(contacts, details);
    await expect.poll(() => words.innerText()).toMatch(STOPPED_HERE);
    expect(await details.getByTestId('consent-waiting').innerText()).toBe('Waiting to sync');
    await details.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => words.innerText()).toBe('Texts: allowed');

    await stopTexting(contacts, details);
    await expect.poll(() => words.innerText()).toMatch(STOPPED_HERE);
    expect(await details.getByTestId('consent-waiting').innerText()).toBe('Waiting to sync');
    expect(await details.getByRole('button', { name: 'Text patient' }).isDisabled()).toBe(true);
    expect(await details.getByTestId('texts-off').innerText()).toBe('This patient asked not to be texted');
    expect(await listsWritten(s)).toBe(before.written); // nothing reached the service yet

    await sandboxPost(s, '/__sandbox/faults', null, 'DELETE');
    await contacts.app.waitForConnectivity('online');
    await details.getByTestId('consent-waiting').waitFor({ state: 'detached' });
    expect(await words.innerText()).toMatch(STOPPED_HERE);
    expect(await optedOut(s, p.phone)).toEqual({ times: 1, written: before.written + 1 });
    expect(contacts.app.problems).toEqual([]);
  });
});
