/**
 * Knowing the patient, through the browser host against the sandbox: a new appointment's patient picker (any phone
 * format, the appointment linked to the contact at the service), the booking form filled with what a returning
 * patient answered last time, names found without accents and with one slip (Find a patient and the Contacts
 * screen), and Esc closing Find a patient at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactsScreen } from './support/contacts-screen';
import type { FrontdeskPage } from './support/driver';
import { axeProblems, openSized, readAheadLogged, serviceCall, shot, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

/** A patient with an accent in their name, added before sign-in so the read-ahead keeps them too. */
const TOMAS = { name: 'Tomás Quintero', phone: '(773) 555-0188', e164: '+17735550188', email: 'tq@example.com' };
/** Their phone in each format a receptionist may type. */
const TOMAS_FORMATS = ['(773) 555-0188', '773.555.0188', '+17735550188'];
/** A patient whose name is typed with a letter missing ("wiliams"). */
const WILLIAMS = { name: 'Harriet Williams', phone: '(773) 555-0189' };

interface RawContact {
  id: number;
  name: string;
}
interface RawEvent {
  id: number;
  title: string;
  participants: { name: string; normalized_phone: string; email: string; contact_id: number | null }[];
}
interface RawBooking {
  id: number;
  state: string;
  created_at: string;
  phone: string;
  field_data: Record<string, string | number | boolean>;
}

const added: Record<string, RawContact> = {};

beforeAll(async () => {
  const { contacts } = await serviceCall<{ contacts: RawContact[] }>(stack, 'POST', '/v1/contacts', {
    contacts: [
      { address_book_id: 2001, name: TOMAS.name, phone: TOMAS.phone, email: TOMAS.email },
      { address_book_id: 2001, name: WILLIAMS.name, phone: WILLIAMS.phone },
    ],
  });
  for (const c of contacts) added[c.name] = c;
});

async function signedIn(): Promise<FrontdeskPage> {
  const app = await openSized(stack);
  await signedInSchedule(app);
  // The whole address book is kept once the read-ahead is done: names are matched here too.
  await readAheadLogged(stack);
  return app;
}

describe('know the patient', () => {
  it('a new appointment picks its patient by any phone format and is linked to their contact at the service', async () => {
    const app = await signedIn();
    await app.page.getByRole('button', { name: 'New appointment' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'New appointment' });
    const picker = dialog.getByRole('combobox', { name: 'Patient' });
    const option = app.page.getByRole('option', { name: new RegExp(TOMAS.name) });
    for (const typed of TOMAS_FORMATS) {
      await picker.fill(typed);
      await option.waitFor();
    }
    // Enter picks the only match (and does not save the form from the picker).
    await picker.press('Enter');
    await option.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Name (person 1)').inputValue()).toBe(TOMAS.name);
    expect(await dialog.getByLabel('Phone (person 1)').inputValue()).toBe(TOMAS.phone);
    expect(await dialog.getByLabel('E-mail (person 1)').inputValue()).toBe(TOMAS.email);
    await dialog.getByText('Linked to their contact.').waitFor();

    const title = 'Picked visit - Tomás Quintero';
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add appointment' }).click();
    await dialog.waitFor({ state: 'detached' });
    const landed = async () => {
      const { events } = await serviceCall<{ events: RawEvent[] }>(
        stack,
        'GET',
        `/v1/events?phone_number=${encodeURIComponent(TOMAS.e164)}&page_size=100`,
      );
      return events.filter((e) => e.title === title);
    };
    await expect.poll(async () => (await landed()).length, { timeout: 15_000 }).toBe(1);
    const [made] = await landed();
    expect(made!.participants).toEqual([
      expect.objectContaining({
        name: TOMAS.name,
        normalized_phone: TOMAS.e164,
        email: TOMAS.email,
        contact_id: added[TOMAS.name]!.id,
      }),
    ]);
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });

  it('names are found without accents and with one slip; Esc closes Find a patient at once', async () => {
    const app = await signedIn();
    await app.page.keyboard.press('Control+k');
    const finder = app.page.getByRole('dialog', { name: 'Find a patient' });
    const field = finder.getByRole('searchbox', { name: 'Name, phone or e-mail' });
    await field.fill('Tomas');
    await finder.getByRole('option', { name: new RegExp(TOMAS.name) }).waitFor();
    await field.fill('wiliams');
    await finder.getByRole('option', { name: new RegExp(WILLIAMS.name) }).waitFor();
    // One Esc with text typed closes the finder (its hint says "Esc to close").
    await field.press('Escape');
    await finder.waitFor({ state: 'detached' });

    // The Contacts screen's search matches names alike.
    const contacts = new ContactsScreen(app);
    await contacts.open();
    await contacts.search('quintéro tomas');
    await contacts.root.getByText(TOMAS.name).waitFor();
    await contacts.search('harriet wiliams');
    await contacts.root.getByText(WILLIAMS.name).waitFor();
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });

  it('the booking form fills in what a returning patient answered last time and asks only the rest', async () => {
    const app = await signedIn();
    // A seeded patient who booked online before, and their latest answers.
    const { bookings } = await serviceCall<{ bookings: RawBooking[] }>(
      stack,
      'GET',
      '/v1/bookings?booking_page=lakeside-dental&page_size=200',
    );
    const returning = bookings.find((b) => b.phone && b.field_data.zip && b.field_data.insurance);
    if (!returning) throw new Error('no seeded booking with answers');
    const theirs = await serviceCall<{ bookings: RawBooking[] }>(
      stack,
      'GET',
      `/v1/bookings?phone_number=${encodeURIComponent(returning.phone)}&page_size=200`,
    );
    const latest = (key: string) =>
      theirs.bookings
        .filter((b) => b.field_data[key] !== undefined && b.field_data[key] !== '')
        .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id)
        .at(-1)?.field_data[key];

    await app.go('Book appointment');
    if (await app.page.getByRole('button', { name: 'Book another appointment' }).count())
      await app.page.getByRole('button', { name: 'Book another appointment' }).click();
    const form = app.page.getByTestId('booking');
    await form.getByLabel('Booking page').selectOption('lakeside-dental');
    const d = returning.phone.slice(2);
    await form.getByLabel('Phone', { exact: true }).fill(`(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`);
    const zip = form.getByLabel('ZIP code', { exact: true });
    await expect.poll(() => zip.inputValue()).toBe(String(latest('zip')));
    expect(await form.getByLabel('Insurance', { exact: true }).inputValue()).toBe(String(latest('insurance')));
    const note = form.getByTestId('known-answers');
    expect(await note.innerText()).toMatch(/^Filled in from their last booking: ZIP code, Insurance\b/);
    expect(await note.innerText()).toMatch(/Still to ask: /);
    await shot(app, 'booking-known-answers');
    expect(await axeProblems(app)).toEqual([]);
    // Shown and editable: the desk can change an answer.
    await zip.fill('60699');
    expect(await zip.inputValue()).toBe('60699');
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });
});
