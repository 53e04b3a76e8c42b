/**
 * Core, assembled from a Platform and a config: the handler table, the event bus and the
 * background services. Hosts (Electron, browser host) only wire transports to it.
 */
import type { AppInfo, PayloadOf } from '../../common/contract';
import { ServiceClient } from './api/service-client';
import { BookingWatch } from './bookings/booking-watch';
import { join } from 'node:path';
import { AuthService } from './auth/auth-service';
import { AccountNotes } from './cache/account-notes';
import { ReadCache } from './cache/read-cache';
import type { CoreContext } from './core-context';
import { OutboxHost, type OutboxOptions } from './outbox';
import type { FrontdeskConfig } from './config';
import { BookingService } from './bookings/booking-service';
import { CalendarService } from './calendar/calendar-service';
import { knownPracticeZone } from './calendar/calendar-list';
import { ConnectivityMonitor } from './connectivity';
import { ContactsService } from './contacts/contacts-service';
import { EventBus } from './events';
import { createDispatcher, type Dispatch } from './ipc/dispatch';
import { createHandlers } from './ipc/handlers';
import { ConsentService } from './consent/consent-service';
import { MessagesService } from './messages/messages-service';
import { WaitlistService } from './waitlist/waitlist-service';
import { NumbersService } from './numbers/numbers-service';
import type { Platform } from './platform';
import { Prefetcher, type PrefetchOptions } from './prefetch';
import { ScreenFirst, type ScreenFirstOptions } from './screen-first';
import { SessionEvents } from './session-events';
import { PracticeStore } from './store/practice-store';
import { applyPending } from './calendar/pending-items';
import { PracticeZone } from './practice-zone';
import { FirstScreenDrawings, type FirstScreenSource } from './first-screen';
import { keptTheme } from './ipc/app-handlers';
import { savedRange } from './ipc/calendar-handlers';

/** A running core. */
export interface FrontdeskCore {
  info: AppInfo;
  events: EventBus;
  /** Who is signed in, for core's own services (the renderer hears `auth:changed`). */
  session: SessionEvents;
  dispatch: Dispatch;
  connectivity: ConnectivityMonitor;
  auth: AuthService;
  outbox: OutboxHost;
  messages: MessagesService;
  /** Follows device-backed bookings until the practice's calendar system settles them. */
  settling: BookingWatch;
  /** The one store of the practice (appointments, bookings, contacts, the practice), pushed to every screen. */
  store: PracticeStore;
  /** Reads ahead what offline work needs, after sign-in and at start. */
  prefetch: Prefetcher;
  /** What the first screen a host writes into its page is drawn from: saved answers only (first-screen.ts). */
  firstScreen: FirstScreenSource;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Options a host may tune (tests shorten the probe intervals). */
export interface CoreOptions {
  trustedOrigin: string;
  probe?: { onlineIntervalMs?: number; offlineIntervalMs?: number; timeoutMs?: number };
  /** Whether the OS routes the custom redirect scheme to this app (Electron only). */
  customSchemeClaimed?: () => boolean;
  /** Outbox tunables (tests shorten the backoff). */
  outbox?: OutboxOptions;
  /** Contact search paging (tests use small pages to exercise paging). */
  contacts?: { pageSize?: number; limit?: number };
  /** Timing of the reads ahead for offline work (tests shorten them). */
  prefetch?: PrefetchOptions;
  /** How often new texts are looked for, visible and hidden (tests shorten them). */
  messages?: { pollMs?: number; hiddenPollMs?: number };
  /** How long background reads wait for the screens' (tests shorten it). */
  screenFirst?: ScreenFirstOptions;
}

/** Builds core; nothing runs until `start()`. */
export function createCore(platform: Platform, config: FrontdeskConfig, options: CoreOptions): FrontdeskCore {
  const events = new EventBus();
  // Each part of core that keeps or does something per account follows the session itself (session-events.ts).
  const session = new SessionEvents();
  const practiceZone = new PracticeZone();
  const auth = new AuthService({
    config,
    platform,
    events,
    session,
    practiceZone,
    customSchemeClaimed: options.customSchemeClaimed ?? (() => false),
  });
  // The cache is as persistent as the vault: on disk only when secrets can be kept safely.
  const cache = new ReadCache(
    join(platform.dataDir, 'cache'),
    platform.cipher,
    platform.log,
    async () => (await auth.storage()) !== 'memory',
  );
  // Read marks outlive sign-out (ids and times only, sealed the same way, each account's apart): cache/account-notes.ts.
  const notes = new AccountNotes(
    join(platform.dataDir, 'notes'),
    platform.cipher,
    platform.log,
    async () => (await auth.storage()) !== 'memory',
  );
  // The account's offline copy is opened when it signs in, and goes when it signs out (kept when only the session
  // ended, for the same account's return).
  session.on(async (event) => {
    if (event.type === 'account_changed' && event.account) cache.open(event.account);
    if (event.type === 'signed_out' && event.account && event.why !== 'session_ended')
      await cache.wipeAccount(event.account);
  });
  const connectivity = new ConnectivityMonitor({
    serviceUrl: config.serviceUrl,
    fetch: platform.fetch,
    clock: platform.clock,
    os: platform.connectivity,
    onChange: (state) => {
      platform.log.info('connectivity changed', { now: state.state });
      events.emit('connectivity:changed', state);
    },
    ...options.probe,
  });
  const info: AppInfo = {
    name: 'Frontdesk',
    version: platform.appVersion,
    mode: platform.mode,
    serviceUrl: config.serviceUrl,
    portalUrl: config.portalUrl,
    usingSandbox: config.usingSandbox,
    logFolder: platform.logDir ?? null,
    canOpenLogFolder: Boolean(platform.openLogFolder),
    canPrint: Boolean(platform.printWindow),
  };
  const service = new ServiceClient({ baseUrl: config.serviceUrl, tokens: auth.tokens, clock: platform.clock });
  // Screens read first: the read-ahead and the texts poller wait while the services' reads for a screen are under way.
  const screenFirst = new ScreenFirst(platform.clock, options.screenFirst);
  session.on((event) => {
    if (event.type === 'account_changed' && event.account) screenFirst.accountChanged(event.account);
  });
  const account = () => auth.accountKey();
  const isOnline = () => connectivity.current().state !== 'offline';
  const outbox = new OutboxHost({
    platform,
    service,
    events,
    session,
    account,
    isOnline,
    ...(options.outbox ? { options: options.outbox } : {}),
  });
  // The one store of the practice: every change of the outbox is laid over it (pending-items.ts says how).
  const store = new PracticeStore({
    cache,
    events,
    session,
    log: platform.log,
    clock: platform.clock,
    account,
    overlay: (item, ops) => applyPending(item, ops ?? outbox.pendingTouching(item)),
  });
  outbox.onOp((change) => store.outboxChanged(change));
  const context: CoreContext = {
    service: screenFirst.screens(service),
    cache,
    notes,
    clock: platform.clock,
    log: platform.log,
    events,
    session,
    settings: platform.settings,
    account,
    grantedScopes: () => (auth.status().state === 'signed_in' ? auth.status().grantedScopes : null),
    isOnline,
    readsFirst: () => screenFirst.turn(),
    background: { run: (work) => screenFirst.background(work), firstScreen: () => screenFirst.firstScreen() },
    outbox,
    store,
    practiceZone,
  };
  // Core's services, each built once from the one context (and the services it reads from).
  const calendar = new CalendarService(context);
  // At sign-in (and at start with a saved session) the zone saved with the calendar list is known at once, before
  // any screen asks, so the first screen is told on the practice's clock even offline.
  session.on((event) => {
    if (event.type === 'signed_in') void knownPracticeZone(context).catch(() => null);
  });
  const contacts = new ContactsService(context, options.contacts);
  outbox.onOp((change) => contacts.outboxChanged(change));
  // The providers' names from the calendar list the schedule reads (one read of it in flight, not one each).
  const bookings = new BookingService(context, () => calendar.names());
  const messages = new MessagesService(context, options.messages);
  outbox.onOp((change) => messages.outboxChanged(change));
  // A refused reply names its thread only: its phone is the thread's.
  const consent = new ConsentService(context, (id) => messages.phoneOf(id));
  outbox.onOp((change) => consent.outboxChanged(change));
  // The waitlist: times freed here, and a patient's YES to an offer (its phone is the thread's).
  const waitlist = new WaitlistService(context);
  outbox.onOp((change) => waitlist.outboxChanged(change));
  events.attach((channel, payload) => {
    if (channel === 'messages:inbound')
      void waitlist
        .inbound(payload as PayloadOf<'messages:inbound'>, (id) => messages.phoneOf(id))
        .catch(() => undefined);
  });
  const settling = new BookingWatch(context);
  // A booking the outbox sent to a device-backed page is followed from its answer on.
  outbox.onItem((item) => settling.outboxItem(item));
  // The practice's numbers count what the store has; the calendars, pages and texts come from their domains.
  const numbers = new NumbersService(context, {
    calendars: async () => (await calendar.calendars()).calendars,
    pages: () => bookings.pages(),
    texts: (begin, end) => messages.tally(begin, end),
  });
  const prefetch = new Prefetcher(context, { calendar, contacts, bookings, settling, waitlist }, options.prefetch);
  // The service answers again: revocations, queued work, the read-ahead and the texts go at once.
  connectivity.onOnline(() => {
    auth.onOnline();
    outbox.wake('online');
    prefetch.online();
    messages.online();
  });
  const handlers = createHandlers({
    info,
    connectivity,
    settings: platform.settings,
    ...(platform.openLogFolder ? { openLogFolder: platform.openLogFolder } : {}),
    ...(platform.printWindow ? { printWindow: platform.printWindow } : {}),
    ...(platform.applyTheme ? { applyTheme: platform.applyTheme } : {}),
    firstScreenShown: () => screenFirst.firstScreenShown(),
    auth,
    outbox,
    calendar,
    contacts,
    consent,
    bookings,
    messages,
    numbers,
    waitlist,
    settling,
    events,
    log: platform.log,
  });
  const dispatch = createDispatcher(handlers, { trustedOrigin: options.trustedOrigin, log: platform.log });
  let stopResumeWatch: () => void = () => undefined;
  return {
    info,
    events,
    session,
    dispatch,
    connectivity,
    auth,
    outbox,
    messages,
    settling,
    store,
    prefetch,
    firstScreen: {
      status: () => auth.status(),
      theme: () => keptTheme(platform.settings),
      connectivity: () => connectivity.current(),
      info: () => info,
      savedCalendars: () => calendar.savedCalendars(),
      savedRange: (begin, end) => savedRange({ calendar, settling }, begin, end),
      clock: platform.clock,
      log: platform.log,
      drawings: new FirstScreenDrawings(),
    },
    start: async () => {
      connectivity.start();
      await auth.init();
      await outbox.open();
      messages.startPolling();
      stopResumeWatch = platform.connectivity.onChange(() => {
        auth.renewIfDue();
        outbox.wake('resume');
      });
    },
    stop: async () => {
      // First: the reads in flight end now, so nothing below waits out a slow answer (the read-ahead's).
      service.stopReads();
      stopResumeWatch();
      screenFirst.stop();
      settling.stop();
      await messages.stop();
      connectivity.stop();
      await prefetch.stop();
      await outbox.close();
      await store.saved();
      await cache.close();
    },
  };
}
