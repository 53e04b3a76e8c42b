/**
 * The layers inside a runtime are enforced by lint (the `frontdesk/layers` rule of scripts/lint/closed-world.ts):
 * each import below runs against a layer, so `npm run lint` must refuse it; the allowed ones beside them show
 * the rule is not refusing everything.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'frontdesk/layers').map((m) => m.message);
}

describe('lint layers', () => {
  it.each([
    // renderer: lib < stores < components < features < App
    ['renderer/stores/x-store.ts', "import { BookingBadge } from '../features/bookings/BookingBadge';"],
    ['renderer/stores/x-store.ts', "import type { BookingBadge } from '../features/bookings';"],
    ['renderer/components/X.tsx', "import { AccountMenu } from '../features/account/AccountMenu';"],
    ['renderer/components/X.tsx', "const m = await import('../features/messages');"],
    ['renderer/lib/x.ts', "import { useNavStore } from '../stores/nav-store';"],
    ['renderer/lib/x.ts', "import { Dialog } from '../components/Dialog';"],
    ['renderer/features/calendar/X.tsx', "import { App } from '../../App';"],
    // a feature uses another only through its index.ts
    ['renderer/features/contacts/X.tsx', "import { BookingBadge } from '../bookings/BookingBadge';"],
    ['renderer/features/contacts/X.tsx', "export { TextPatientDialog } from '../messages/TextPatientDialog';"],
    // core: the domains do not import each other
    ['main/core/messages/x.ts', "import { contactsById } from '../contacts/contacts-service';"],
    ['main/core/bookings/x.ts', "import type { CalendarService } from '../calendar/calendar-service';"],
    ['main/core/calendar/x.ts', "export * from '../bookings/booking-service';"],
    // only outbox/index.ts is imported from outside the outbox
    ['main/core/calendar/x.ts', "import { describeChange } from '../outbox/outbox-items';"],
    ['main/core/ipc/x.ts', "import type { OutboxHost } from '../outbox/outbox-host';"],
    ['main/browser-host/x.ts', "import { holdsWrappedKey } from '../core/outbox/key-file';"],
    // a lower core layer does not import ipc (or anything above it)
    ['main/core/contacts/x.ts', "import { handlers } from '../ipc/handlers';"],
    ['main/core/outbox/x.ts', "import { ok } from '../ipc/result';"],
    ['main/core/api/x.ts', "import { ok } from '../ipc/result';"],
    ['main/core/config.ts', "import { ok } from './ipc/result';"],
    ['main/core/ipc/x.ts', "import { createCore } from '../app-core';"],
    ['main/core/outbox/x.ts', "import { CalendarService } from '../calendar/calendar-service';"],
    ['main/core/api/x.ts', "import { Outbox } from '../outbox';"],
    ['main/core/phone/x.ts', "import { ContactsService } from '../contacts/contacts-service';"],
    // a new loose module of core has no layer until it is placed in one
    ['main/core/loose.ts', "import { x } from './config';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await refusals(file, code)).not.toEqual([]);
  });

  it.each([
    ['renderer/features/contacts/X.tsx', "import { BookingBadge } from '../bookings';"],
    ['renderer/features/calendar/X.tsx', "const m = await import('../messages');"],
    ['renderer/features/calendar/X.tsx', "import { useNavStore } from '../../stores/nav-store';"],
    ['renderer/stores/x-store.ts', "import { frontdesk } from '../lib/frontdesk';"],
    ['renderer/App.tsx', "import { CalendarView } from './features/calendar/CalendarView';"],
    ['main/core/messages/x.ts', "import { learnCountry } from '../phone/phones';"],
    ['main/core/calendar/x.ts', "import { describeChange } from '../outbox';"],
    ['main/core/outbox/x.ts', "import { recordKeyOf } from './kinds/spec';"],
    ['main/core/ipc/x.ts', "import type { BookingService } from '../bookings/booking-service';"],
    ['main/core/app-core.ts', "import { handlers } from './ipc/handlers';"],
  ])('%s may: %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
