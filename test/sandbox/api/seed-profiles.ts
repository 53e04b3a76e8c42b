/** What each seeded account looks like: calendars, address books and booking pages (a practice profile). */
import { BLOCKERS, DENTAL_VISITS, SALON_VISITS } from './names';
import type { DayWindow, PageField } from './types';

/** A calendar to seed; `weight` is its share of the seeded events. */
export interface CalendarSpec {
  name: string;
  description: string;
  color: string;
  source: 'local' | 'exchange' | 'sql';
  zone: string | null;
  weight: number;
  openHour: number;
  closeHour: number;
  weekdays: number[];
}

/** A booking page to seed; calendars are indices into the profile's calendars. */
interface PageSpec {
  tokenSuffix: string;
  name: string;
  description: string;
  zone: string | null;
  addressBook: number;
  remoteDevice: { type: 'sql' | 'exchange'; name: string } | null;
  types: Array<{
    token: string;
    label: string;
    description: string;
    lengthMinutes: number;
    incrementMinutes: number;
    paddingMinutes: number;
    calendars: number[];
  }>;
  hours: DayWindow[][];
  minNoticeMinutes: number;
  maxDaysAhead: number;
  freeWhen: 'any' | 'all';
  assignment: 'round_robin' | 'ordered';
  fields: PageField[];
  consent: { textMessaging: boolean; textMessagingForMarketing: boolean };
}

/** Everything that differs between the seeded accounts. */
export interface Profile {
  calendars: CalendarSpec[];
  books: Array<{ name: string; type: 'apptoto' | 'google'; share: number }>;
  visits: ReadonlyArray<readonly [string, number]>;
  blockers: ReadonlyArray<readonly [string, number, 0 | null]>;
  pages: PageSpec[];
  externalPrefix: string;
  /** null: use --contacts / --events. */
  contacts: number | null;
  events: number | null;
  withExtras: boolean;
}

const W = (start: string, end: string): DayWindow => ({ start, end });
const WEEKDAYS = [1, 2, 3, 4, 5];

function week(days: Partial<Record<number, DayWindow[]>>): DayWindow[][] {
  return [0, 1, 2, 3, 4, 5, 6].map((d) => days[d] ?? []);
}

function builtIns(name: boolean, phone: boolean, email: boolean): PageField[] {
  const f = (key: string, label: string, type: PageField['type'], required: boolean): PageField => ({
    key,
    label,
    type,
    required,
    builtIn: true,
    target: 'contact',
    options: null,
  });
  return [
    f('name', 'Name', 'string', name),
    f('phone_number', 'Mobile phone', 'phone', phone),
    f('email_address', 'Email', 'email', email),
  ];
}

const NO_CONSENT = { textMessaging: false, textMessagingForMarketing: false };
const lunchBreakWeek = week({
  1: [W('08:00', '12:00'), W('13:00', '17:00')],
  2: [W('08:00', '12:00'), W('13:00', '17:00')],
  3: [W('08:00', '12:00'), W('13:00', '17:00')],
  4: [W('08:00', '12:00'), W('13:00', '17:00')],
  5: [W('08:00', '12:00'), W('13:00', '17:00')],
});

/** The owner's dental practice: 4 calendars, 2 address books, 4 booking pages. */
export const DENTAL: Profile = {
  calendars: [
    {
      name: 'Dr. Amelia Hart',
      description: 'General dentistry',
      color: '#1f77b4',
      source: 'local',
      zone: null,
      weight: 30,
      openHour: 8,
      closeHour: 17,
      weekdays: WEEKDAYS,
    },
    {
      name: 'Dr. Samuel Okafor',
      description: 'Restorative and cosmetic',
      color: '#2ca02c',
      source: 'local',
      zone: null,
      weight: 25,
      openHour: 9,
      closeHour: 18,
      weekdays: [1, 2, 3, 4, 6],
    },
    {
      name: 'Hygiene',
      description: 'Cleanings and X-rays',
      color: '#17becf',
      source: 'local',
      zone: null,
      weight: 30,
      openHour: 8,
      closeHour: 17,
      weekdays: WEEKDAYS,
    },
    {
      name: 'Satellite Office (SQL)',
      description: 'Denver office; synced from the office SQL calendar',
      color: '#9467bd',
      source: 'sql',
      zone: 'America/Denver',
      weight: 15,
      openHour: 10,
      closeHour: 16,
      weekdays: WEEKDAYS,
    },
  ],
  books: [
    { name: 'Patients', type: 'apptoto', share: 0.85 },
    { name: 'Referrals (Google)', type: 'google', share: 0.15 },
  ],
  visits: DENTAL_VISITS,
  blockers: BLOCKERS,
  externalPrefix: 'dentrix-',
  contacts: null,
  events: null,
  withExtras: true,
  pages: [
    {
      tokenSuffix: '-cleaning',
      name: 'Book a cleaning',
      description: 'One appointment type: a 60-minute cleaning with our hygienists.',
      zone: null,
      addressBook: 0,
      remoteDevice: null,
      types: [
        {
          token: 'cleaning',
          label: 'Cleaning',
          description: 'Routine cleaning and check',
          lengthMinutes: 60,
          incrementMinutes: 30,
          paddingMinutes: 0,
          calendars: [2],
        },
      ],
      hours: lunchBreakWeek,
      minNoticeMinutes: 120,
      maxDaysAhead: 60,
      freeWhen: 'any',
      assignment: 'ordered',
      fields: builtIns(true, true, false),
      consent: NO_CONSENT,
    },
    {
      tokenSuffix: '',
      name: 'Lakeside online booking',
      description: 'New patients, consultations and emergencies.',
      zone: null,
      addressBook: 0,
      remoteDevice: null,
      types: [
        {
          token: 'new-patient',
          label: 'New patient exam',
          description: 'Exam, X-rays and treatment plan',
          lengthMinutes: 60,
          incrementMinutes: 30,
          paddingMinutes: 0,
          calendars: [0, 1],
        },
        {
          token: 'consultation',
          label: 'Consultation',
          description: 'Talk through options with a dentist',
          lengthMinutes: 30,
          incrementMinutes: 15,
          paddingMinutes: 0,
          calendars: [0],
        },
        {
          token: 'emergency',
          label: 'Emergency visit',
          description: 'Pain, swelling or a broken tooth',
          lengthMinutes: 30,
          incrementMinutes: 30,
          paddingMinutes: 0,
          calendars: [1, 0],
        },
      ],
      hours: week({
        1: [W('09:00', '12:00'), W('13:00', '18:00')],
        2: [W('09:00', '12:00'), W('13:00', '18:00')],
        3: [W('09:00', '12:00'), W('13:00', '18:00')],
        4: [W('09:00', '12:00'), W('13:00', '18:00')],
        5: [W('09:00', '13:00')],
      }),
      minNoticeMinutes: 60,
      maxDaysAhead: 45,
      freeWhen: 'any',
      assignment: 'round_robin',
      fields: [
        ...builtIns(true, true, true),
        {
          key: 'zip',
          label: 'ZIP code',
          type: 'string',
          required: true,
          builtIn: false,
          target: 'contact',
          options: null,
        },
        {
          key: 'insurance',
          label: 'Insurance',
          type: 'dropdown',
          required: true,
          builtIn: false,
          target: 'event',
          options: ['Delta Dental', 'Cigna', 'Aetna', 'MetLife', 'Guardian', 'No insurance'],
        },
        {
          key: 'reason',
          label: 'Reason for visit',
          type: 'text',
          required: false,
          builtIn: false,
          target: 'event',
          options: null,
        },
        {
          key: 'new_patient',
          label: 'First visit with us?',
          type: 'checkbox',
          required: false,
          builtIn: false,
          target: 'event',
          options: null,
        },
      ],
      consent: { textMessaging: true, textMessagingForMarketing: true },
    },
    {
      tokenSuffix: '-satellite',
      name: 'Satellite office (Denver)',
      description: 'Check-ups at our Denver office; its calendar lives on the office SQL server.',
      zone: 'America/Denver',
      addressBook: 0,
      remoteDevice: { type: 'sql', name: 'Satellite office SQL calendar' },
      types: [
        {
          token: 'checkup',
          label: 'Check-up',
          description: 'Exam and cleaning',
          lengthMinutes: 30,
          incrementMinutes: 30,
          paddingMinutes: 0,
          calendars: [3],
        },
      ],
      hours: week({
        1: [W('10:00', '16:00')],
        2: [W('10:00', '16:00')],
        3: [W('10:00', '16:00')],
        4: [W('10:00', '16:00')],
        5: [W('10:00', '16:00')],
      }),
      minNoticeMinutes: 60,
      maxDaysAhead: 30,
      freeWhen: 'any',
      assignment: 'ordered',
      fields: builtIns(true, true, false),
      consent: NO_CONSENT,
    },
    {
      // Free only when every calendar of the type is ("or when all are"), assigned by priority: a
      // single-provider type beside a two-doctor one. Its labels match no seeded visit, so no seeded booking is its.
      tokenSuffix: '-surgery',
      name: 'Oral surgery',
      description: 'Implant consultations with Dr. Okafor; extractions need both doctors free.',
      zone: null,
      addressBook: 0,
      remoteDevice: null,
      types: [
        {
          token: 'implant-consult',
          label: 'Implant consultation',
          description: 'Talk through an implant with Dr. Okafor',
          lengthMinutes: 30,
          incrementMinutes: 30,
          paddingMinutes: 0,
          calendars: [1],
        },
        {
          token: 'extraction',
          label: 'Extraction',
          description: 'One doctor operates, the other is on hand',
          lengthMinutes: 60,
          incrementMinutes: 30,
          paddingMinutes: 0,
          calendars: [1, 0],
        },
      ],
      hours: week({
        1: [W('09:00', '12:00'), W('13:00', '17:00')],
        2: [W('09:00', '12:00'), W('13:00', '17:00')],
        3: [W('09:00', '12:00'), W('13:00', '17:00')],
        4: [W('09:00', '12:00'), W('13:00', '17:00')],
      }),
      minNoticeMinutes: 60,
      maxDaysAhead: 45,
      freeWhen: 'all',
      assignment: 'ordered',
      fields: builtIns(true, true, false),
      consent: NO_CONSENT,
    },
  ],
};

/** The staff user's own small salon account: 1 calendar, 1 address book, 1 booking page. */
export const SALON: Profile = {
  calendars: [
    {
      name: 'Salon chairs',
      description: 'Both chairs',
      color: '#d62728',
      source: 'local',
      zone: null,
      weight: 1,
      openHour: 10,
      closeHour: 19,
      weekdays: [2, 3, 4, 5, 6],
    },
  ],
  books: [{ name: 'Clients', type: 'apptoto', share: 1 }],
  visits: SALON_VISITS,
  blockers: [['Lunch', 60, null]],
  externalPrefix: 'salon-',
  contacts: 10,
  events: 10,
  withExtras: false,
  pages: [
    {
      tokenSuffix: '',
      name: 'Book with Maple Street',
      description: 'Cuts and color.',
      zone: null,
      addressBook: 0,
      remoteDevice: null,
      types: [
        {
          token: 'haircut',
          label: 'Haircut',
          description: 'Wash, cut and style',
          lengthMinutes: 45,
          incrementMinutes: 15,
          paddingMinutes: 0,
          calendars: [0],
        },
        {
          token: 'color',
          label: 'Color',
          description: 'Single-process color',
          lengthMinutes: 90,
          incrementMinutes: 30,
          paddingMinutes: 0,
          calendars: [0],
        },
      ],
      hours: week({
        2: [W('10:00', '19:00')],
        3: [W('10:00', '19:00')],
        4: [W('10:00', '19:00')],
        5: [W('10:00', '19:00')],
        6: [W('10:00', '16:00')],
      }),
      minNoticeMinutes: 60,
      maxDaysAhead: 30,
      freeWhen: 'any',
      assignment: 'ordered',
      fields: builtIns(true, true, false),
      consent: NO_CONSENT,
    },
  ],
};
