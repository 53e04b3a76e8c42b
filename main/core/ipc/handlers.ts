/**
 * The handler table: one handler per contract channel. Each domain's part is checked against its
 * channels, and the whole `satisfies Handlers`, so a missing or extra handler fails to compile.
 */
import type { AppInfo, ThemeChoice } from '../../../common/contract';
import type { AuthService } from '../auth/auth-service';
import type { BookingService } from '../bookings/booking-service';
import type { CalendarService } from '../calendar/calendar-service';
import type { ContactsService } from '../contacts/contacts-service';
import type { BookingWatch } from '../bookings/booking-watch';
import type { OutboxHost } from '../outbox';
import type { ConnectivityMonitor } from '../connectivity';
import type { EventBus } from '../events';
import type { KeyValueStore, Logger } from '../platform';
import type { ConsentService } from '../consent/consent-service';
import type { MessagesService } from '../messages/messages-service';
import type { WaitlistService } from '../waitlist/waitlist-service';
import type { NumbersService } from '../numbers/numbers-service';
import { appHandlers } from './app-handlers';
import { authHandlers } from './auth-handlers';
import { bookingsHandlers } from './bookings-handlers';
import { calendarHandlers } from './calendar-handlers';
import { contactsHandlers } from './contacts-handlers';
import type { Handlers } from './dispatch';
import { messagesHandlers } from './messages-handlers';
import { numbersHandlers } from './numbers-handlers';
import { outboxHandlers } from './outbox-handlers';
import { waitlistHandlers } from './waitlist-handlers';

/** What the handlers need from core. */
export interface HandlerDeps {
  info: AppInfo;
  connectivity: ConnectivityMonitor;
  /** This computer's settings (the theme chosen). */
  settings: KeyValueStore;
  /** Opens the log folder (absent in the browser host). */
  openLogFolder?: () => Promise<void>;
  /** Opens the system print dialog (absent in the browser host). */
  printWindow?: () => Promise<{ printed: boolean }>;
  /** The window's own parts follow the theme chosen (Electron's nativeTheme). */
  applyTheme?: (theme: ThemeChoice) => void;
  /** The page painted its first screen (`app:first-screen`). */
  firstScreenShown?: () => void;
  auth: AuthService;
  outbox: OutboxHost;
  calendar: CalendarService;
  contacts: ContactsService;
  /** Text-message consent (the service's consent lists). */
  consent: ConsentService;
  bookings: BookingService;
  messages: MessagesService;
  /** The waitlist kept at the service. */
  waitlist: WaitlistService;
  /** The practice's numbers. */
  numbers: NumbersService;
  /** The device-backed bookings followed until they settle. */
  settling: BookingWatch;
  /** Where a saved-first read's fresh answer is told (ipc/saved-first.ts). */
  events: EventBus;
  log: Logger;
}

/** Builds the table for one core instance. */
export function createHandlers(deps: HandlerDeps) {
  return {
    ...appHandlers(deps),
    ...authHandlers(deps),
    ...calendarHandlers(deps),
    ...outboxHandlers(deps),
    ...bookingsHandlers(deps),
    ...contactsHandlers(deps),
    ...messagesHandlers(deps),
    ...waitlistHandlers(deps),
    ...numbersHandlers(deps),
  } satisfies Handlers;
}
