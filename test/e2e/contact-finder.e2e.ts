/**
 * Contact details with history, and "Find a patient" (Ctrl+K with any phone format, Enter opens the contact, a pasted
 * phone number opens it too), through the browser host against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { practiceNow } from './support/clock';
import { axeProblems, openSized, serviceCall, signedInSchedule } from './support/schedule';
import type { FrontdeskPage } from './support/driver';
import { useStack } from './support/stack';

const stack = useStack();

interface RawEvent {
  id: number;
  title: string;
  start_time: string;
  end_time: string;
  participants: { name: string; normalized_phone: string; email: string; contact_id: number | null }[];
}
interface RawContact {
  id: number;
  name: string;
  phone_numbers: { normalized: string }[];
  email_addresses: { address: string }[];
}

/** A seeded patient with an appointment in the coming days, and how many appointments their phone has. */
async function patientWithNextVisit() {
  const now = practiceNow();
  const { events } = await serviceCall<{ events: RawEvent[] }>(
    stack,
    'GET',
    `/v1/events?begin=${new Date(now + 3_600_000).toISOString()}&end=${new Date(now + 10 * 86_400_000).toISOString()}&page_size=200`,
  );
  for (const e of events.sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))) {
    const p = e.participants.find((q) => q.contact_id && q.normalized_phone.startsWith('+1'));
    if (!p) continue;
    const contact = await serviceCall<RawContact>(stack, 'GET', `/v1/contact?id=${p.contact_id}`);
    if (contact.phone_numbers[0]?.normalized !== p.normalized_phone) continue;
    const all = await serviceCall<{ events: RawEvent[] }>(
      stack,
      'GET',
      `/v1/events?phone_number=${encodeURIComponent(p.normalized_phone)}&page_size=200`,
    );
    const ids = new Set(all.events.map((x) => x.id));
    const upcoming = new Set(all.events.filter((x) => Date.parse(x.end_time) >= now).map((x) => x.id));
    return { contact, phone: p.normalized_phone, total: ids.size, upcoming: upcoming.size };
  }
  throw new Error('no patient with an upcoming appointment');
}

const formats = (e164: string) => {
  const d = e164.slice(2);
  return [`(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`, `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`, e164];
};

async function findAndOpen(app: FrontdeskPage, typed: string, name: string): Promise<void> {
  await app.page.keyboard.press('Control+k');
  const dialog = app.page.getByRole('dialog', { name: 'Find a patient' });
  await dialog.waitFor();
  await dialog.getByRole('searchbox', { name: 'Name, phone or e-mail' }).fill(typed);
  const match = dialog.getByRole('option', { name: new RegExp(name) });
  await match.waitFor();
  await expect.poll(() => match.innerText()).toMatch(/Next: /);
  await app.page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await app.page.getByRole('heading', { name, level: 3 }).waitFor();
}

describe('find a patient and their history', () => {
  it('Ctrl+K finds a patient by each phone format and Enter opens their details with history', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const patient = await patientWithNextVisit();
    for (const typed of formats(patient.phone)) await findAndOpen(app, typed, patient.contact.name);

    const details = app.page.getByTestId('contact-details');
    await details.getByTestId('contact-history').waitFor();
    const upcoming = details.getByRole('region', { name: /^Upcoming appointments/ });
    const past = details.getByRole('region', { name: /^Past appointments/ });
    expect(await upcoming.getByRole('heading').innerText()).toBe(`Upcoming appointments (${patient.upcoming})`);
    expect(await past.getByRole('heading').innerText()).toBe(`Past appointments (${patient.total - patient.upcoming})`);
    expect(await details.getByRole('region', { name: /^Bookings/ }).isVisible()).toBe(true);
    expect(await details.innerText()).toContain(formats(patient.phone)[0]);
    expect(await axeProblems(app)).toEqual([]);

    // Book appointment: the booking form with their details.
    await details.getByRole('button', { name: 'Book appointment' }).click();
    const form = app.page.getByTestId('booking');
    await expect.poll(() => form.getByLabel('Name', { exact: true }).inputValue()).toBe(patient.contact.name);
    expect(await form.getByLabel('Phone', { exact: true }).inputValue()).toBe(formats(patient.phone)[0]);

    // An upcoming appointment opens on the schedule.
    await findAndOpen(app, patient.contact.name, patient.contact.name);
    await upcoming.getByRole('button').first().click();
    await app.page.getByTestId('appointment-details').waitFor();
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });

  it('a pasted phone number (no field focused) opens Find a patient with it; Edit and Delete from the details', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const patient = await patientWithNextVisit();
    await app.page.locator('body').click({ position: { x: 5, y: 5 } });
    await app.page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, formats(patient.phone)[1]!);
    const dialog = app.page.getByRole('dialog', { name: 'Find a patient' });
    await dialog.waitFor();
    expect(await dialog.getByRole('searchbox').inputValue()).toBe(formats(patient.phone)[1]);
    await dialog.getByRole('option', { name: new RegExp(patient.contact.name) }).click();
    const details = app.page.getByTestId('contact-details');
    await details.waitFor();

    await details.getByRole('button', { name: 'Edit' }).click();
    await app.page.getByTestId('contact-form').waitFor();
    await app.page.getByRole('button', { name: 'Cancel' }).click();
    await details.waitFor();

    await details.getByRole('button', { name: 'Delete…' }).click();
    const confirm = app.page.getByRole('alertdialog', { name: `Delete ${patient.contact.name}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Keep contact' }).click();
    await confirm.waitFor({ state: 'detached' });
    await details.getByRole('button', { name: 'Delete…' }).click();
    await confirm.getByRole('button', { name: 'Delete contact' }).click();
    await details.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await serviceCall<{ is_deleted: boolean }>(stack, 'GET', `/v1/contact?id=${patient.contact.id}`)).is_deleted,
        { timeout: 15_000 },
      )
      .toBe(true);
    await app.page.context().close();
  });
});
