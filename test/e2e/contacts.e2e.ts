/** The Contacts tab through the browser host: find a seeded contact, add one, edit and delete it, and add one offline. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../main/core/config';
import { ContactsScreen } from './support/contacts-screen';
import { axeProblems, readAheadLogged } from './support/schedule';
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
  phone_numbers: { normalized: string; number: string; type: string }[];
  email_addresses: { address: string }[];
  is_deleted: boolean;
}

/** Reads the sandbox as the owner (ground truth). */
async function ownerGet<T>(s: Stack, path: string): Promise<T> {
  const owner = s.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${s.sandbox.url}${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  return (await res.json()) as T;
}

const byName = async (s: Stack, name: string) =>
  (await ownerGet<{ contacts: Raw[] }>(s, `/v1/contacts?q=${encodeURIComponent(name)}&include_deleted=true`)).contacts;

/** Contacts written through /v1/contacts so far (the admin API is never faulted). */
async function contactsWritten(s: Stack): Promise<number> {
  const res = await fetch(`${s.sandbox.url}/__sandbox/stats`);
  return ((await res.json()) as { contactsWritten: number }).contactsWritten;
}

async function faults(s: Stack, body: object | null): Promise<void> {
  const res = await fetch(
    `${s.sandbox.url}/__sandbox/faults`,
    body
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : { method: 'DELETE' },
  );
  expect(res.ok).toBe(true);
}

async function signedIn(scopes?: string[]): Promise<{ s: Stack; contacts: ContactsScreen }> {
  const s = await startStack(scopes ? { scopes } : {});
  stack = s;
  const app = await s.open();
  const portal = await app.signIn('owner@frontdesk.test');
  await app.waitForAuth('signed_in');
  // The portal's tab, left in front, throttles the app tab's animation frames (every click would wait ~2 s to be "stable").
  await portal.close();
  await app.page.bringToFront();
  const contacts = new ContactsScreen(app);
  await contacts.open();
  return { s, contacts };
}

describe('contacts', () => {
  it('lists contacts in a virtualised list and finds a seeded one by name and by phone', async () => {
    const { s, contacts } = await signedIn();
    // the count line comes with the list's answer, which may land after the screen opened (a busy machine)
    await contacts.root.getByText(/^Showing the first 200 contacts\. Refine your search/).waitFor();
    expect(await contacts.rows().count()).toBeLessThan(40); // 200 matches, only the visible rows are in the page
    await contacts.app.screenshot('test-results/contacts-list.png');
    const seeded = (await ownerGet<{ contacts: Raw[] }>(s, '/v1/contacts?page_size=50')).contacts.find(
      (c) => c.phone_numbers.length > 0 && c.email_addresses.length > 0,
    )!;
    await contacts.search(seeded.last_name);
    const row = await contacts.waitForRow(seeded.name, '');
    expect(await row.innerText()).toContain(seeded.email_addresses[0]!.address);
    await contacts.app.screenshot('test-results/contacts-search.png');

    const digits = seeded.phone_numbers[0]!.normalized.slice(2);
    await contacts.search(`${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`);
    await contacts.waitForRow(seeded.name, '');
    expect(await contacts.row(seeded.name).innerText()).toContain(
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    );
    expect(contacts.app.problems).toEqual([]);
  });

  it('from the keyboard: End and Home reach the last and first contact, and a scrolled-away row keeps the focus', async () => {
    const { contacts } = await signedIn();
    await contacts.root.getByText(/^Showing the first 200 contacts\. Refine your search/).waitFor();
    const page = contacts.app.page;
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        const slot = el?.closest('[role="listitem"]');
        return {
          button: el?.tagName === 'BUTTON' ? (el.textContent ?? '') : null,
          at: slot?.getAttribute('aria-posinset') ?? null,
        };
      });
    // Tab from the search box reaches the first contact's name.
    await contacts.root.getByLabel('Find a contact').focus();
    for (let i = 0; i < 10 && (await focused()).at === null; i++) await page.keyboard.press('Tab');
    expect((await focused()).at).toBe('1');
    const firstName = (await focused()).button;

    await page.keyboard.press('End');
    await expect.poll(async () => (await focused()).at).toBe('200');
    const last = contacts.rows().last();
    expect((await focused()).button).toBe(await last.locator('.contact-name-text').innerText());
    // On the same button of the row: Edit stays Edit.
    await page.keyboard.press('Tab');
    expect((await focused()).button).toBe('Edit');
    await page.keyboard.press('Home');
    await expect.poll(async () => (await focused()).at).toBe('1');
    expect((await focused()).button).toBe('Edit');
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).button).toBe(firstName);

    // Scrolled far away with the wheel: the focused row is still in the page, and still has the focus.
    await contacts.root.getByTestId('contact-list').hover();
    await page.mouse.wheel(0, 6_000);
    await expect
      .poll(() => contacts.root.getByTestId('contact-list').evaluate((el) => el.scrollTop))
      .toBeGreaterThan(3_000);
    // The rows down there are drawn (the list followed the scroll).
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="listitem"]')].some((r) => Number(r.getAttribute('aria-posinset')) > 80),
    );
    expect(await focused()).toEqual({ button: firstName, at: '1' });
    expect(await axeProblems(contacts.app)).toEqual([]);
    expect(contacts.app.problems).toEqual([]);
  });

  it('adds a contact, then edits and deletes it, each reaching the service', async () => {
    const { s, contacts } = await signedIn();
    await contacts.create({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '(312) 555-0199',
      email: 'ada@example.com',
    });
    await contacts.waitForRow('Ada Lovelace', '');
    await contacts.root.locator('[data-testid="contacts-flash"][data-status="done"]').waitFor();
    expect(await contacts.root.getByTestId('contacts-flash').innerText()).toBe('Added Ada Lovelace.');
    expect(await byName(s, 'Lovelace')).toMatchObject([
      {
        name: 'Ada Lovelace',
        phone_numbers: [{ normalized: '+13125550199' }],
        email_addresses: [{ address: 'ada@example.com' }],
      },
    ]);

    const form = await contacts.edit('Ada Lovelace');
    expect(await form.getByLabel('Main phone').inputValue()).toBe('(312) 555-0199');
    await form.getByLabel('Last name').fill('King');
    await form.getByRole('button', { name: 'Add another phone' }).click();
    await form.getByLabel('Phone 2', { exact: true }).fill('not a number');
    await form.getByRole('button', { name: 'Save changes' }).click();
    expect(await form.getByText('Use only digits, spaces and + ( ) - . in a phone number.').isVisible()).toBe(true);
    await contacts.app.screenshot('test-results/contacts-edit.png');
    await form.getByLabel('Phone 2', { exact: true }).fill('312 555 0198');
    await form.getByLabel('Type of phone 2', { exact: true }).selectOption('home');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await contacts.settled('Ada Lovelace');
    await contacts.search('Ada King');
    await contacts.waitForRow('Ada King', '');
    expect((await byName(s, 'Ada King'))[0]!.phone_numbers.map((p) => [p.normalized, p.type])).toEqual([
      ['+13125550199', 'mobile'],
      ['+13125550198', 'home'],
    ]);

    const again = await contacts.edit('Ada King');
    await again.getByRole('button', { name: 'Delete this contact…' }).click();
    // The same confirmation as the details' Delete: a dialog that names the person and says what happens.
    const confirm = contacts.app.page.getByRole('alertdialog', { name: 'Delete Ada King?' });
    expect(await confirm.innerText()).toContain('Ada King is removed from the address book.');
    await contacts.app.screenshot('test-results/contacts-delete.png');
    await confirm.getByRole('button', { name: 'Delete contact' }).click();
    await contacts.settled('Ada King');
    await contacts.row('Ada King').waitFor({ state: 'detached' });
    expect(await byName(s, 'Ada King')).toMatchObject([{ is_deleted: true }]);
    expect(contacts.app.problems).toEqual([]);
  });

  it('keeps a contact added offline, shows it waiting to sync, and sends it when the service is back', async () => {
    const { s, contacts } = await signedIn();
    // A half-typed draft survives a trip to another screen.
    await contacts.root.getByRole('button', { name: 'New contact' }).click();
    await contacts.root.getByLabel('First name').fill('Grace');
    await contacts.app.go('Calendar');
    await contacts.app.go('Contacts');
    expect(await contacts.root.getByLabel('First name').inputValue()).toBe('Grace');
    await contacts.root.getByRole('button', { name: 'Cancel' }).click();

    const written = await contactsWritten(s);
    // Offline once the address book was saved whole: a search then knows every contact as of that read.
    await readAheadLogged(s);
    await faults(s, { offline: true });
    await contacts.app.waitForConnectivity('offline');
    await contacts.create({ firstName: 'Grace', lastName: 'Hopper', phone: '312 555 0177' });
    const row = await contacts.waitForRow('Grace Hopper', 'queued');
    expect(await row.innerText()).toContain('Waiting to sync');
    expect(await row.innerText()).toContain('(312) 555-0177');
    expect(await contacts.staleNotice().innerText()).toMatch(/^Offline — showing contacts as of \d{1,2}:\d{2}/);
    expect(await contacts.root.locator('.contacts-count').innerText()).toBe('1 contact');
    expect(await contacts.root.getByTestId('contacts-flash').innerText()).toBe(
      'Grace Hopper is saved on this computer and will be added as soon as the service answers.',
    );
    await contacts.app.screenshot('test-results/contacts-offline.png');
    expect(await contactsWritten(s)).toBe(written); // nothing reached the service yet

    await faults(s, null);
    await contacts.app.waitForConnectivity('online');
    await contacts.waitForRow('Grace Hopper', '');
    expect(await contacts.staleNotice().count()).toBe(0);
    expect(await byName(s, 'Hopper')).toMatchObject([
      { name: 'Grace Hopper', phone_numbers: [{ normalized: '+13125550177' }] },
    ]);
    expect(contacts.app.problems).toEqual([]);
  });

  it('says in plain words which permission is missing when contacts were not granted', async () => {
    const { contacts } = await signedIn(DEFAULT_SCOPES.filter((scope) => scope !== 'contacts:read'));
    const prompt = contacts.root.getByTestId('permission-needed');
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain('Frontdesk needs permission to see your contacts.');
    expect(await prompt.getByRole('button', { name: 'Grant access' }).isEnabled()).toBe(true);
    await contacts.app.screenshot('test-results/contacts-permission.png');
  });
});
