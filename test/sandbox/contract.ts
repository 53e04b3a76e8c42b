/**
 * The service contract: every endpoint Frontdesk calls, each query and body field it sends and each response field it
 * reads, with where the service's documents name it. One source: the strict sandbox (`strict.ts`) refuses any field
 * of an OAuth client's request that is not listed here, and docs/service-contract.md's tables are made from it
 * (`renderContractTables`, checked by test/unit/sandbox/service-contract.test.ts; rewrite them with
 * `npx tsx scripts/service-contract.ts`).
 *
 * Sources: `spec` is service-spec.md, `facts` is service-api-facts.md (with its status marks). A field is named by its
 * path in the query or body: `events[].participants[].name` is `name` in each participant of each event.
 */

/** How far a field is documented. */
type Status =
  /** service-spec.md names it. */
  | 'SPEC'
  /** service-api-facts.md names it from an official page. */
  | 'DOCUMENTED'
  /** Only third-party client code shows it (facts). */
  | 'COMMUNITY'
  /** The facts read it from a partial page, or by analogy. */
  | 'INFERRED'
  /** The facts say the endpoint's shape is not found: nobody names this field. */
  | 'NOT FOUND'
  /** The endpoint is documented, but neither document names this field. */
  | 'NOT NAMED';

/** One field sent or read. */
export interface ContractField {
  /** Path in the query or body (`a[].b` for `b` in each item of the array `a`; `a.b` inside the object `a`). */
  name: string;
  status: Status;
  /** The spec's or the facts' section that names it (or that says it is not found). */
  source: string;
  /** Only for a field not SPEC/DOCUMENTED: what the app does when the service leaves it out or refuses it. */
  copes?: string;
  /** Its keys are the caller's own (custom data, a page's answers): they are not checked one by one. */
  anyKeys?: true;
}

/** One endpoint the app calls. */
export interface ContractEndpoint {
  /** e.g. `GET /v1/events`; the OAuth endpoints as `POST /oauth/token`. */
  endpoint: string;
  /** The spec's or the facts' section for the endpoint itself. */
  source: string;
  /** Where in the app it is called (files under main/core). */
  calledFrom: string;
  query: ContractField[];
  body: ContractField[];
  reads: ContractField[];
  /** How the app copes with the endpoint as a whole (when its shape is not documented). */
  note?: string;
}

const f = (name: string, status: Status, source: string, copes?: string): ContractField =>
  copes === undefined ? { name, status, source } : { name, status, source, copes };
const map = (field: ContractField): ContractField => ({ ...field, anyKeys: true });

// Section names, as the documents head them.
const SPEC_OAUTH = 'service-spec.md: Endpoints › OAuth endpoints';
const SPEC_TOKEN = 'service-spec.md: Resources › Token response';
const SPEC_BOOK_NOW = 'service-spec.md: Endpoints › POST /v1/book_now';
const SPEC_BOOKING = 'service-spec.md: Resources › Booking';
const SPEC_STATES = 'service-spec.md: States and transitions';
const F_OAUTH = 'service-api-facts.md §1.2 OAuth 2.0';
const F_PAGING = 'service-api-facts.md §1.4 Paging';
const F_EVENT = 'service-api-facts.md §2.1 Event object';
const F_PARTICIPANT = 'service-api-facts.md §2.2 Participant object';
const F_EVENTS_GET = 'service-api-facts.md §3 GET /v1/events';
const F_EVENT_GET = 'service-api-facts.md §3 GET /v1/event';
const F_EVENTS_POST = 'service-api-facts.md §3 POST /v1/events';
const F_EVENTS_PUT = 'service-api-facts.md §3 PUT /v1/events';
const F_EVENTS_DELETE = 'service-api-facts.md §3 DELETE /v1/events';
const F_MARK = 'service-api-facts.md §3 POST /v1/event/mark';
const F_CONTACT_GET = 'service-api-facts.md §3 GET /v1/contact';
const F_CONTACTS_GET = 'service-api-facts.md §3 GET /v1/contacts — NOT FOUND';
const F_CONTACTS_POST = 'service-api-facts.md §3 POST /v1/contacts';
const F_CONTACTS_PUT = 'service-api-facts.md §3 PUT /v1/contacts';
const F_CONTACTS_DELETE = 'service-api-facts.md §3 DELETE /v1/contacts — NOT FOUND';
const F_CALENDARS = 'service-api-facts.md §3 GET /v1/calendars — NOT FOUND';
const F_ADDRESS_BOOKS = 'service-api-facts.md §3 GET /v1/address_books — NOT FOUND';
const F_AVAILABILITY = 'service-api-facts.md §3 GET /v1/availability — NOT FOUND';
const F_BOOKINGS = 'service-api-facts.md §3 GET /v1/bookings — NOT FOUND';
const F_PAGES = 'service-api-facts.md §3 GET /v1/booking_pages — NOT FOUND';
const F_CONVERSATIONS = 'service-api-facts.md §3 conversations endpoints — NOT FOUND';
const F_USERINFO = 'service-api-facts.md §3 GET /v1/userinfo — NOT FOUND';
const F_LISTS = 'service-api-facts.md §3 GET/POST/PUT/DELETE /v1/lists — NOT FOUND';

/** Absent from an answer: the schema takes it as optional. */
const OPTIONAL = 'optional in the app’s schema: absent or null reads as empty';
/** A whole answer the app needs: a different shape is reported as an answer it does not understand. */
const UNREADABLE =
  'required by the app’s schema: without it the call fails as "an answer Frontdesk does not understand" (ServiceError invalid_response)';
/** A query field on an endpoint nobody documents: a refusal (400) is a permanent failure the screen shows. */
const REFUSED_READ = 'refused (400): the read fails and the screen says the service did not accept it';

/** The events read, as the calendar reads them (GET /v1/events, GET /v1/event). */
const EVENT_READS: ContractField[] = [
  f('events[].id', 'DOCUMENTED', F_EVENT),
  f('events[].calendar_id', 'DOCUMENTED', F_EVENT),
  f('events[].start_time', 'DOCUMENTED', F_EVENT),
  f('events[].end_time', 'DOCUMENTED', F_EVENT),
  f('events[].title', 'DOCUMENTED', F_EVENT),
  f('events[].location', 'DOCUMENTED', F_EVENT),
  f('events[].content', 'DOCUMENTED', F_EVENT),
  f('events[].is_deleted', 'DOCUMENTED', F_EVENT),
  map(f('events[].custom_data', 'DOCUMENTED', F_EVENT)),
  f(
    'events[].external_id',
    'INFERRED',
    F_EVENT,
    `${OPTIONAL}; the outbox then finds a sent create by the id it was given`,
  ),
  f(
    'events[].time_zone',
    'INFERRED',
    F_EVENT,
    `${OPTIONAL}; times are then told in the zone of the event's calendar (calendar list), else the practice's`,
  ),
  f('events[].all_day', 'INFERRED', F_EVENT, OPTIONAL),
  f(
    'events[].show_as',
    'INFERRED',
    F_EVENT,
    `${OPTIONAL}; an event without it is shown as busy (service-api-facts.md §2.4 default)`,
  ),
  f('events[].calendar_name', 'NOT NAMED', F_EVENT, `${OPTIONAL}; the name comes from GET /v1/calendars`),
  f('events[].updated_at', 'NOT NAMED', F_EVENT, OPTIONAL),
  f('events[].participants[].id', 'DOCUMENTED', F_PARTICIPANT),
  f('events[].participants[].name', 'DOCUMENTED', F_PARTICIPANT),
  f('events[].participants[].phone', 'DOCUMENTED', F_PARTICIPANT),
  f('events[].participants[].normalized_phone', 'DOCUMENTED', F_PARTICIPANT),
  f('events[].participants[].email', 'DOCUMENTED', F_PARTICIPANT),
  f('events[].participants[].state', 'DOCUMENTED', 'service-api-facts.md §2.3 Participant states'),
  f(
    'events[].participants[].check_in_state',
    'INFERRED',
    'service-api-facts.md §2.3 Participant states',
    `${OPTIONAL}; no check-in is shown for the person`,
  ),
  f(
    'events[].participants[].contact_id',
    'NOT NAMED',
    F_PARTICIPANT,
    `${OPTIONAL}; the person is then matched to a contact by phone or e-mail only`,
  ),
  f('events[].participants[].conversations[].messages[].at', 'COMMUNITY', F_PARTICIPANT, OPTIONAL),
  f('events[].participants[].conversations[].messages[].event_type', 'COMMUNITY', F_PARTICIPANT, OPTIONAL),
  f('events[].participants[].conversations[].messages[].content', 'COMMUNITY', F_PARTICIPANT, OPTIONAL),
  f('events[].participants[].conversations[].messages[].direction', 'NOT NAMED', F_PARTICIPANT, OPTIONAL),
];

/** The same fields on a bare event (GET /v1/event answers the event itself, service-api-facts.md §3). */
const BARE_EVENT_READS = EVENT_READS.map((r) => ({ ...r, name: r.name.replace(/^events\[\]\./, '') }));

/** A write answer: `{"events":[…]}` or the bare record; the outbox keeps its id. */
const eventWriteReads = (source: string): ContractField[] => [
  f('events[].id', 'DOCUMENTED', source),
  f('events[].external_id', 'INFERRED', F_EVENT, OPTIONAL),
  f('events[].is_deleted', 'DOCUMENTED', F_EVENT),
];

/** The event fields the app writes (POST creates; PUT patches by id or external_id). */
const eventBody = (source: string, put: boolean): ContractField[] => [
  f('events', 'DOCUMENTED', 'service-api-facts.md §1 Global conventions (bulk wrappers)'),
  ...(put ? [f('events[].id', 'DOCUMENTED', F_EVENTS_PUT)] : []),
  f('events[].external_id', 'DOCUMENTED', put ? F_EVENTS_PUT : F_EVENTS_POST),
  f('events[].calendar_id', 'DOCUMENTED', F_EVENTS_POST),
  // The waitlist's records name their calendar, which the service makes the first time (api/waitlist-records.ts).
  ...(put ? [] : [f('events[].calendar', 'DOCUMENTED', F_EVENTS_POST)]),
  ...(put ? [] : [f('events[].show_as', 'DOCUMENTED', F_EVENTS_POST)]),
  f('events[].title', 'DOCUMENTED', F_EVENTS_POST),
  f('events[].start_time', 'DOCUMENTED', F_EVENTS_POST),
  f('events[].end_time', 'DOCUMENTED', F_EVENTS_POST),
  f('events[].location', 'DOCUMENTED', F_EVENTS_POST),
  f('events[].content', 'DOCUMENTED', F_EVENTS_POST),
  map(f('events[].custom_data', 'DOCUMENTED', put ? F_EVENTS_PUT : F_EVENTS_POST)),
  f('events[].participants', 'DOCUMENTED', source),
  ...['name', 'phone', 'email'].map((k) =>
    f(
      `events[].participants[].${k}`,
      'COMMUNITY',
      F_EVENTS_POST,
      'the service may also extract people from the text (facts); a refusal is a permanent failure in the Outbox',
    ),
  ),
  f(
    'events[].participants[].contact_id',
    'COMMUNITY',
    F_EVENTS_POST,
    'ignored: the person is still written by name, phone and e-mail, only the link to the contact is lost',
  ),
];

/** The contact fields the app writes. */
const contactBody = (put: boolean): ContractField[] => [
  f('contacts', 'DOCUMENTED', 'service-api-facts.md §1 Global conventions (bulk wrappers)'),
  ...(put ? [f('contacts[].id', 'DOCUMENTED', F_CONTACTS_PUT)] : []),
  f('contacts[].external_id', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].address_book_id', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].name', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].first_name', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].last_name', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].phone_numbers', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].phone_numbers[].number', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].phone_numbers[].type', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].phone_numbers[].is_primary', 'DOCUMENTED', F_CONTACTS_POST),
  f('contacts[].email_addresses', 'DOCUMENTED', F_CONTACTS_POST),
  f(
    'contacts[].email_addresses[].address',
    'COMMUNITY',
    F_CONTACTS_POST,
    'the sub-fields are cut off in the facts; answers use `address` (COMMUNITY). Refused: the write waits in the Outbox as needing attention, with the service’s words',
  ),
  ...['type', 'is_primary'].map((k) =>
    f(
      `contacts[].email_addresses[].${k}`,
      'NOT NAMED',
      F_CONTACTS_POST,
      'the phone object’s field of that name, sent for e-mails too (contacts/contact-payloads.ts). Ignored: harmless. Refused: the whole contact write is refused and waits in the Outbox as needing attention (does not cope)',
    ),
  ),
];

const contactWriteReads: ContractField[] = [
  f(
    'contacts[].id',
    'INFERRED',
    F_CONTACTS_POST,
    'the answer may be `{"contacts":[…]}` or the bare contact (both read); without an id the write is "not understood"',
  ),
  f('contacts[].external_id', 'INFERRED', F_CONTACTS_POST, OPTIONAL),
  f('contacts[].address_book_id', 'INFERRED', F_CONTACTS_POST, OPTIONAL),
  f('contacts[].is_deleted', 'INFERRED', F_CONTACTS_POST, OPTIONAL),
];

/** A contact as the Contacts screen reads it (GET /v1/contacts, GET /v1/contact). */
const contactReads = (prefix: string, status: Status, source: string): ContractField[] => [
  f(`${prefix}id`, status, source, UNREADABLE),
  f(`${prefix}address_book_id`, status, source, OPTIONAL),
  f(`${prefix}external_id`, status, source, OPTIONAL),
  f(`${prefix}name`, status, source, OPTIONAL),
  f(`${prefix}first_name`, status, source, OPTIONAL),
  f(`${prefix}last_name`, status, source, OPTIONAL),
  f(`${prefix}phone_numbers[].number`, status, source, OPTIONAL),
  f(`${prefix}phone_numbers[].normalized`, 'COMMUNITY', F_CONTACT_GET, OPTIONAL),
  f(`${prefix}phone_numbers[].type`, status, source, OPTIONAL),
  f(`${prefix}phone_numbers[].is_primary`, status, source, OPTIONAL),
  f(`${prefix}email_addresses[].address`, 'COMMUNITY', F_CONTACT_GET, UNREADABLE),
  f(`${prefix}email_addresses[].type`, status, source, OPTIONAL),
  f(`${prefix}email_addresses[].is_primary`, status, source, OPTIONAL),
  f(`${prefix}is_deleted`, status, source, OPTIONAL),
];

/** A booking as the app reads it (spec table; the schema asks only for `id`). */
const bookingReads = (prefix: string): ContractField[] => [
  f(`${prefix}id`, 'SPEC', SPEC_BOOKING),
  ...[
    'state',
    'booking_page',
    'appointment_type_token',
    'created_at',
    'start_time',
    'end_time',
    'name',
    'phone',
    'email',
  ].map((k) => f(`${prefix}${k}`, 'SPEC', SPEC_BOOKING)),
  map(f(`${prefix}field_data`, 'SPEC', SPEC_BOOKING)),
  ...['id', 'title', 'calendar_name', 'start_time', 'end_time'].map((k) =>
    f(`${prefix}participant.event.${k}`, 'SPEC', SPEC_BOOKING),
  ),
];

/** A conversation and a message (messaging: NOT FOUND, the sandbox's design). */
const conversationReads = (prefix: string): ContractField[] =>
  [
    'id',
    'channel',
    'name',
    'phone',
    'email',
    'contact_id',
    'event_id',
    'message_count',
    'last_message_at',
    'updated_at',
  ].map((k) => f(`${prefix}${k}`, 'NOT FOUND', F_CONVERSATIONS, k === 'id' ? UNREADABLE : OPTIONAL));
const messageReads = (prefix: string): ContractField[] =>
  ['id', 'conversation_id', 'direction', 'event_type', 'content', 'at', 'status'].map((k) =>
    f(`${prefix}${k}`, 'NOT FOUND', F_CONVERSATIONS, k === 'id' || k === 'at' ? UNREADABLE : OPTIONAL),
  );

const CONVERSATIONS_NOTE =
  'The facts find no messaging endpoint’s shape (only their names and scopes, spec scope map): every field is the sandbox’s design. Against a service that names them otherwise, reading texts fails as "not understood" and sending fails as a permanent refusal the Outbox shows; nothing is sent twice.';

const LISTS_NOTE =
  'The facts give the lists\u2019 meaning (§3: opt-out and opt-in lists of plain phones and e-mails, stoplists filled by STOP replies) but no shape: every field is the sandbox\u2019s design (test/sandbox/README.md, "Lists"). Against a service that names them otherwise, consent reads "unknown" or "allowed" and a refused text still says the patient opted out.';
const LIST_WRITE_REFUSED =
  'refused: "Stop texting" waits in the Outbox as needing attention with the service\u2019s words, and the patient still reads stopped on this computer until it is discarded';

/** Every endpoint Frontdesk calls, in the order the doc lists them. */
export const CONTRACT: readonly ContractEndpoint[] = [
  // --- OAuth
  {
    endpoint: 'GET /oauth/authorize',
    source: SPEC_OAUTH,
    calledFrom: 'auth/oauth-client.ts (the browser opens it)',
    query: [
      f('client_id', 'SPEC', SPEC_OAUTH),
      f('redirect_uri', 'SPEC', SPEC_OAUTH),
      f('response_type', 'SPEC', SPEC_OAUTH),
      f('scope', 'SPEC', SPEC_OAUTH),
      f(
        'state',
        'NOT FOUND',
        F_OAUTH,
        'not named ("state parameter handling" not found). Ignored: harmless. Not echoed in the redirect: the redirect is not taken as the answer to the attempt and sign-in cannot finish (does not cope)',
      ),
      f(
        'code_challenge',
        'NOT FOUND',
        `${F_OAUTH}; spec: Authentication (PKCE parameters not shown)`,
        'PKCE is required for an app without a secret (spec), its parameter names are "presumably standard, unconfirmed" (facts). Other names: the token exchange is refused and sign-in says so (does not cope otherwise)',
      ),
      f('code_challenge_method', 'NOT FOUND', `${F_OAUTH}; spec: Authentication`, 'as code_challenge'),
    ],
    body: [],
    reads: [
      f('code', 'SPEC', SPEC_OAUTH),
      f('state', 'NOT FOUND', F_OAUTH, 'see the query field state'),
      f(
        'error',
        'NOT FOUND',
        'service-spec.md: Errors (authorize errors not shown)',
        'a refusal without it is not recognised; sign-in keeps waiting until cancelled',
      ),
    ],
  },
  {
    endpoint: 'POST /oauth/token',
    source: SPEC_OAUTH,
    calledFrom: 'auth/oauth-client.ts (form-encoded)',
    query: [],
    body: [
      f('grant_type', 'SPEC', SPEC_OAUTH),
      f('code', 'SPEC', SPEC_OAUTH),
      f('redirect_uri', 'SPEC', SPEC_OAUTH),
      f('client_id', 'SPEC', SPEC_OAUTH),
      f('refresh_token', 'SPEC', SPEC_OAUTH),
      f('code_verifier', 'NOT FOUND', `${F_OAUTH}; spec: Authentication`, 'see code_challenge (GET /oauth/authorize)'),
    ],
    reads: [
      f('access_token', 'SPEC', SPEC_TOKEN),
      f('token_type', 'SPEC', SPEC_TOKEN),
      f(
        'expires_in',
        'SPEC',
        SPEC_TOKEN,
        'absent: the token lives until a 401, then it is refreshed (auth/token-set.ts)',
      ),
      f(
        'refresh_token',
        'SPEC',
        SPEC_TOKEN,
        'absent on a refresh: the previous one is kept (RFC 6749 §6; auth/token-set.ts)',
      ),
      f('scope', 'SPEC', SPEC_TOKEN, 'absent: the scopes asked for are taken as granted (RFC 6749 §5.1)'),
      f('created_at', 'SPEC', SPEC_TOKEN, 'absent or far from our clock: expiry counts from when the answer came'),
      f(
        'error',
        'NOT FOUND',
        'service-spec.md: Errors (token errors not shown)',
        'RFC 6749 §5.2 `error` is read; another shape is a failed sign-in or refresh, never a silent one',
      ),
    ],
    note: 'The spec names `client_secret` too; Frontdesk is a public client (PKCE, spec Authentication 4) and sends none.',
  },
  {
    endpoint: 'POST /oauth/revoke',
    source: SPEC_OAUTH,
    calledFrom: 'auth/oauth-client.ts, auth/revocation-queue.ts (form-encoded)',
    query: [],
    body: [
      f('token', 'SPEC', SPEC_OAUTH),
      f('client_id', 'SPEC', SPEC_OAUTH),
      f(
        'token_type_hint',
        'NOT NAMED',
        SPEC_OAUTH,
        'RFC 7009’s optional hint. Ignored: harmless. Refused: the revocation is retried later from the queue and the sign-out still happens on this computer',
      ),
    ],
    reads: [],
    note: 'The response shape is not shown (spec); only the status is read.',
  },
  {
    endpoint: 'GET /v1/userinfo',
    source: F_USERINFO,
    calledFrom: 'auth/auth-service.ts, auth/identity.ts',
    query: [],
    body: [],
    reads: [
      f(
        'user.id',
        'NOT FOUND',
        F_USERINFO,
        'a flat user object is read too (auth/identity.ts); neither: sign-in fails and says so',
      ),
      f('user.email', 'NOT FOUND', F_USERINFO, OPTIONAL),
      f('user.name', 'NOT FOUND', F_USERINFO, OPTIONAL),
      f('user.username', 'NOT FOUND', F_USERINFO, OPTIONAL),
      f('account.id', 'NOT FOUND', F_USERINFO, `${OPTIONAL}; then the user is the account`),
      f('account.email', 'NOT FOUND', F_USERINFO, OPTIONAL),
      f('account.name', 'NOT FOUND', F_USERINFO, OPTIONAL),
      f('account.owner_name', 'NOT FOUND', F_USERINFO, OPTIONAL),
      f('target.id', 'NOT FOUND', F_USERINFO, OPTIONAL),
      f('acting_for_other', 'NOT FOUND', F_USERINFO, `${OPTIONAL}; then it is "the account is not the user"`),
    ],
  },
  // --- Calendars and events
  {
    endpoint: 'GET /v1/calendars',
    source: F_CALENDARS,
    calledFrom: 'api/calendar-api.ts',
    query: [],
    body: [],
    reads: [
      f('calendars[].id', 'INFERRED', F_CALENDARS, UNREADABLE),
      f('calendars[].name', 'INFERRED', F_CALENDARS, UNREADABLE),
      f(
        'calendars[].time_zone',
        'NOT FOUND',
        F_CALENDARS,
        `${OPTIONAL}; a calendar's zone is then the one of the booking pages that book it, when they agree (calendar/calendar-list.ts), and the practice's zone the one most pages are in`,
      ),
    ],
    note: 'The facts know calendars only through events (`calendar_id`) and by name; the `{"calendars":[…]}` wrapper is the sandbox’s design.',
  },
  {
    endpoint: 'GET /v1/events',
    source: F_EVENTS_GET,
    calledFrom: 'api/calendar-api.ts (a range, every page), contacts/contact-history.ts (one person’s visits)',
    query: [
      f('begin', 'COMMUNITY', F_EVENTS_GET, REFUSED_READ),
      f('end', 'INFERRED', F_EVENTS_GET, REFUSED_READ),
      f(
        'page',
        'COMMUNITY',
        `${F_EVENTS_GET}; ${F_PAGING}`,
        'ignored: every page is the first; repeats are dropped, but only an empty page ends the read, so a range costs 50 requests before the reader gives up (copes, slowly)',
      ),
      f(
        'page_size',
        'COMMUNITY',
        `${F_EVENTS_GET}; ${F_PAGING}`,
        'ignored: the service’s own size (30); pages are read until one comes back empty',
      ),
      f('phone_number', 'COMMUNITY', F_EVENTS_GET, 'a patient’s history; refused: the history is not shown'),
      f('email_address', 'COMMUNITY', F_EVENTS_GET, 'as phone_number'),
      f(
        'include_deleted',
        'INFERRED',
        F_EVENTS_GET,
        'sent only with updated_since (the poller). Ignored: a cancelled appointment is not learnt from the delta and stays shown until the next full read of the day',
      ),
      f(
        'updated_since',
        'NOT NAMED',
        F_EVENTS_GET,
        'the poller’s delta. Ignored: every appointment of the range comes back (correct, only heavier). Refused (400): the range is read in full instead (calendar/calendar-service.ts `changes`)',
      ),
    ],
    body: [],
    reads: EVENT_READS,
  },
  {
    endpoint: 'GET /v1/event',
    source: F_EVENT_GET,
    calledFrom: 'api/calendar-api.ts, api/events-api.ts',
    query: [
      f('id', 'DOCUMENTED', F_EVENT_GET),
      f('external_id', 'DOCUMENTED', F_EVENT_GET),
      f(
        'include_conversations',
        'COMMUNITY',
        F_EVENT_GET,
        'ignored: the appointment shows no recent texts; refused: opening the appointment fails',
      ),
    ],
    body: [],
    reads: BARE_EVENT_READS,
  },
  {
    endpoint: 'POST /v1/events',
    source: F_EVENTS_POST,
    calledFrom: 'api/events-api.ts (outbox kinds events.ts, move.ts, waitlist.ts)',
    query: [],
    body: eventBody(F_EVENTS_POST, false),
    reads: eventWriteReads(F_EVENTS_POST),
  },
  {
    endpoint: 'PUT /v1/events',
    source: F_EVENTS_PUT,
    calledFrom:
      'api/events-api.ts (outbox kinds events.ts: changes and desk marks; series.ts: each visit of a series, made or changed by its external id)',
    query: [],
    body: eventBody(F_EVENTS_PUT, true),
    reads: eventWriteReads(F_EVENTS_PUT),
  },
  {
    endpoint: 'DELETE /v1/events',
    source: F_EVENTS_DELETE,
    calledFrom: 'api/events-api.ts (outbox kinds events.ts, move.ts, waitlist.ts, series.ts)',
    query: [
      f(
        'id',
        'COMMUNITY',
        F_EVENTS_DELETE,
        'as a query parameter (COMMUNITY); refused: the cancellation waits in the Outbox as needing attention',
      ),
      f('external_id', 'DOCUMENTED', F_EVENTS_DELETE),
    ],
    body: [],
    reads: eventWriteReads(F_EVENTS_DELETE),
  },
  {
    endpoint: 'POST /v1/event/mark',
    source: F_MARK,
    calledFrom: 'api/events-api.ts (outbox kind events.ts)',
    query: [],
    body: [
      f(
        'id',
        'INFERRED',
        F_MARK,
        'method and parameter names not visible (facts); refused: the mark waits in the Outbox as needing attention, with the service’s words',
      ),
      f('external_id', 'INFERRED', F_MARK, 'as id'),
      f('state', 'INFERRED', F_MARK, 'as id; the values are DOCUMENTED (service-api-facts.md §2.3 b)'),
    ],
    reads: [f('id', 'DOCUMENTED', F_MARK), f('is_deleted', 'DOCUMENTED', F_EVENT)],
  },
  // --- Contacts
  {
    endpoint: 'GET /v1/address_books',
    source: F_ADDRESS_BOOKS,
    calledFrom: 'api/contacts-read-api.ts',
    query: [],
    body: [],
    reads: [
      f('address_books[].id', 'NOT FOUND', F_ADDRESS_BOOKS, UNREADABLE),
      f('address_books[].name', 'NOT FOUND', F_ADDRESS_BOOKS, OPTIONAL),
      f('address_books[].type', 'NOT FOUND', F_ADDRESS_BOOKS, OPTIONAL),
      f(
        'address_books[].phone_types',
        'INFERRED',
        F_ADDRESS_BOOKS,
        `${OPTIONAL}; the phone kinds offered are then the usual ones`,
      ),
    ],
  },
  {
    endpoint: 'GET /v1/contacts',
    source: F_CONTACTS_GET,
    calledFrom: 'api/contacts-read-api.ts (search and the read-ahead address book)',
    query: [
      f(
        'q',
        'NOT FOUND',
        F_CONTACTS_GET,
        `${REFUSED_READ}; ignored: every contact matches and the app’s own matching of the kept contacts narrows the list (contacts/name-search.ts)`,
      ),
      f('phone_number', 'NOT FOUND', F_CONTACTS_GET, REFUSED_READ),
      f('email_address', 'NOT FOUND', F_CONTACTS_GET, REFUSED_READ),
      f('address_book_id', 'NOT FOUND', F_CONTACTS_GET, REFUSED_READ),
      f(
        'page',
        'NOT FOUND',
        `${F_CONTACTS_GET}; ${F_PAGING} (events)`,
        'ignored: the same page comes back each time; repeats are dropped and the read goes on to its 100-page limit (copes, slowly: 100 requests for one search)',
      ),
      f(
        'page_size',
        'NOT FOUND',
        `${F_CONTACTS_GET}; ${F_PAGING} (events)`,
        'ignored: the service’s own size; a shorter page than the longest seen ends the read',
      ),
    ],
    body: [],
    reads: contactReads('contacts[].', 'NOT FOUND', F_CONTACTS_GET),
    note: 'Nobody documents this endpoint (facts). Filters and paging follow GET /v1/events’ community usage.',
  },
  {
    endpoint: 'GET /v1/contact',
    source: F_CONTACT_GET,
    calledFrom: 'api/contacts-read-api.ts, api/contacts-api.ts (a sent create found again)',
    query: [
      f(
        'id',
        'INFERRED',
        F_CONTACT_GET,
        'refused: a contact cannot be opened fresh (the kept copy is shown when there is one)',
      ),
      f(
        'external_id',
        'COMMUNITY',
        F_CONTACT_GET,
        'refused: a create whose answer was lost waits in the Outbox as needing attention instead of being found',
      ),
      f(
        'address_book_id',
        'INFERRED',
        F_CONTACTS_PUT,
        'external_id "optionally scoped by address_book_id" (PUT). Ignored: the external id alone finds it (our ids are unique)',
      ),
    ],
    body: [],
    reads: contactReads('', 'COMMUNITY', F_CONTACT_GET),
  },
  {
    endpoint: 'POST /v1/contacts',
    source: F_CONTACTS_POST,
    calledFrom: 'api/contacts-api.ts (outbox kind contacts.ts)',
    query: [],
    body: contactBody(false),
    reads: contactWriteReads,
  },
  {
    endpoint: 'PUT /v1/contacts',
    source: F_CONTACTS_PUT,
    calledFrom: 'api/contacts-api.ts (outbox kind contacts.ts)',
    query: [],
    body: contactBody(true),
    reads: contactWriteReads,
  },
  {
    endpoint: 'DELETE /v1/contacts',
    source: F_CONTACTS_DELETE,
    calledFrom: 'api/contacts-api.ts (outbox kind contacts.ts)',
    query: [
      f(
        'id',
        'NOT FOUND',
        F_CONTACTS_DELETE,
        'as DELETE /v1/events; refused: the removal waits in the Outbox as needing attention',
      ),
      f('external_id', 'NOT FOUND', F_CONTACTS_DELETE, 'as id'),
      f('address_book_id', 'NOT FOUND', F_CONTACTS_DELETE, 'as id'),
    ],
    body: [],
    reads: contactWriteReads,
  },
  // --- Booking
  {
    endpoint: 'GET /v1/booking_pages',
    source: F_PAGES,
    calledFrom: 'api/booking-pages-api.ts',
    query: [],
    body: [],
    reads: [
      f('booking_pages[].id', 'DOCUMENTED', F_PAGES),
      f('booking_pages[].token', 'DOCUMENTED', F_PAGES),
      ...[
        'name',
        'time_zone',
        'appointment_types[].token',
        'appointment_types[].label',
        'appointment_types[].name',
        'appointment_types[].length_minutes',
        'appointment_types[].calendar_ids',
        'fields[].key',
        'fields[].label',
        'fields[].type',
        'fields[].required',
        'fields[].built_in',
        'fields[].options',
        'consent.text_messaging',
        'consent.text_messaging_for_marketing',
      ].map((k) =>
        f(
          `booking_pages[].${k}`,
          'NOT FOUND',
          `${F_PAGES}; service-api-facts.md §4 (product manual)`,
          k === 'appointment_types[].token' || k === 'fields[].key' ? UNREADABLE : OPTIONAL,
        ),
      ),
    ],
    note: 'The facts name a page’s id and token only; the rest follows the product manual (service-api-facts.md §4) in the sandbox’s design. A page without types books its first type; without fields the form asks name, phone and e-mail as optional and the service refuses what it requires, with its words.',
  },
  {
    endpoint: 'GET /v1/availability',
    source: F_AVAILABILITY,
    calledFrom: 'api/booking-pages-api.ts',
    query: [
      f('booking_page', 'NOT FOUND', F_AVAILABILITY, REFUSED_READ),
      f('appointment_type_token', 'NOT FOUND', `${F_AVAILABILITY}; ${SPEC_BOOK_NOW} (the same name)`, REFUSED_READ),
      f('begin', 'NOT FOUND', `${F_AVAILABILITY}; ${F_EVENTS_GET} (the same name)`, REFUSED_READ),
      f('end', 'NOT FOUND', `${F_AVAILABILITY}; ${F_EVENTS_GET} (the same name)`, REFUSED_READ),
    ],
    body: [],
    reads: [
      f('slots[].time', 'NOT FOUND', F_AVAILABILITY, UNREADABLE),
      f('slots[].start_time', 'NOT FOUND', F_AVAILABILITY, UNREADABLE),
      f('slots[].end_time', 'NOT FOUND', F_AVAILABILITY, UNREADABLE),
      f('slots[].calendar_ids', 'NOT FOUND', F_AVAILABILITY, `${OPTIONAL}; no provider is then named for a time`),
    ],
    note: 'No API page was found (facts); the form can still book a typed-in time, which book_now checks.',
  },
  {
    endpoint: 'POST /v1/book_now',
    source: SPEC_BOOK_NOW,
    calledFrom: 'api/bookings-api.ts (outbox kind booking.ts)',
    query: [],
    body: [
      f('booking_page', 'SPEC', SPEC_BOOK_NOW),
      f('time', 'SPEC', SPEC_BOOK_NOW),
      f('appointment_type_token', 'SPEC', SPEC_BOOK_NOW),
      f('name', 'SPEC', SPEC_BOOK_NOW),
      f('phone_number', 'SPEC', SPEC_BOOK_NOW),
      f('email_address', 'SPEC', SPEC_BOOK_NOW),
      map(f('field_data', 'SPEC', SPEC_BOOK_NOW)),
      f('opted_into_text_messaging', 'SPEC', SPEC_BOOK_NOW),
      f('opted_into_text_messaging_for_marketing', 'SPEC', SPEC_BOOK_NOW),
    ],
    reads: [
      f('success', 'SPEC', SPEC_BOOK_NOW),
      f('error', 'SPEC', SPEC_BOOK_NOW),
      ...bookingReads('booking.'),
      f('booking.state', 'SPEC', SPEC_STATES),
    ].filter((r, i, all) => all.findIndex((o) => o.name === r.name) === i),
  },
  {
    endpoint: 'GET /v1/bookings',
    source: F_BOOKINGS,
    calledFrom: 'api/bookings-api.ts (a booking whose answer was lost, a patient’s bookings, known answers)',
    query: [
      f('id', 'NOT FOUND', F_BOOKINGS, REFUSED_READ),
      f(
        'booking_page',
        'NOT FOUND',
        F_BOOKINGS,
        'a lost book_now is looked up before it is sent again; refused: the booking waits as needing attention rather than risk a second one',
      ),
      f('begin', 'NOT FOUND', F_BOOKINGS, 'as booking_page'),
      f('end', 'NOT FOUND', F_BOOKINGS, 'as booking_page'),
      f('created_since', 'NOT FOUND', F_BOOKINGS, 'as booking_page'),
      f(
        'phone_number',
        'NOT FOUND',
        F_BOOKINGS,
        'as booking_page; a patient’s bookings are not shown. Ignored: the lookup of a lost book_now takes any booking at that minute as ours once a phone was asked for (outbox/kinds/booking.ts `isOurs`), so another patient’s booking can pass for the lost one (does not cope)',
      ),
      f('email_address', 'NOT FOUND', F_BOOKINGS, 'as phone_number'),
      f('state', 'NOT FOUND', F_BOOKINGS, REFUSED_READ),
      f('page', 'NOT FOUND', `${F_BOOKINGS}; ${F_PAGING} (events)`, REFUSED_READ),
      f('page_size', 'NOT FOUND', `${F_BOOKINGS}; ${F_PAGING} (events)`, REFUSED_READ),
    ],
    body: [],
    reads: bookingReads('bookings[].'),
    note: 'Only the booking object is known (spec, service-api-facts.md §2.5). The lookup of a lost book_now reads one page of 100 and checks the time (and the name when no phone or e-mail was given) of each booking it reads; a service that ignores the filters answers other bookings, and one beyond the first 100 is not found and is booked again.',
  },
  // --- Messaging
  {
    endpoint: 'GET /v1/conversations',
    source: F_CONVERSATIONS,
    calledFrom: 'api/messages-api.ts, messages/thread-sync.ts',
    query: [
      ...['phone_number', 'contact_id', 'event_id', 'updated_since', 'page'].map((k) =>
        f(k, 'NOT FOUND', F_CONVERSATIONS, REFUSED_READ),
      ),
      f(
        'page_size',
        'NOT FOUND',
        F_CONVERSATIONS,
        `${REFUSED_READ}. Ignored by a service that pages in fewer than 100: the next page is asked until one is empty, or shorter than the default page of 30 or than one before (api/pages.ts)`,
      ),
    ],
    body: [],
    reads: conversationReads('conversations[].'),
    note: CONVERSATIONS_NOTE,
  },
  {
    endpoint: 'GET /v1/conversation_messages',
    source: F_CONVERSATIONS,
    calledFrom: 'api/messages-api.ts',
    query: [
      ...['conversation_id', 'page'].map((k) => f(k, 'NOT FOUND', F_CONVERSATIONS, REFUSED_READ)),
      f(
        'page_size',
        'NOT FOUND',
        F_CONVERSATIONS,
        'as page_size of GET /v1/conversations: the next page is asked until the thread ends (api/pages.ts)',
      ),
    ],
    body: [],
    reads: messageReads('messages[].'),
    note: CONVERSATIONS_NOTE,
  },
  {
    endpoint: 'POST /v1/start_conversation',
    source: F_CONVERSATIONS,
    calledFrom: 'api/messages-api.ts (outbox kind messages.ts)',
    query: [],
    body: ['phone_number', 'contact_id', 'name', 'event_id', 'content'].map((k) =>
      f(
        k,
        'NOT FOUND',
        F_CONVERSATIONS,
        'refused: the text waits in the Outbox as needing attention, with the service’s words; never sent twice',
      ),
    ),
    reads: [...conversationReads('conversation.'), ...messageReads('message.')],
    note: CONVERSATIONS_NOTE,
  },
  {
    endpoint: 'POST /v1/conversation_reply',
    source: F_CONVERSATIONS,
    calledFrom: 'api/messages-api.ts (outbox kind messages.ts)',
    query: [],
    body: ['conversation_id', 'content'].map((k) =>
      f(k, 'NOT FOUND', F_CONVERSATIONS, 'as POST /v1/start_conversation'),
    ),
    reads: [...conversationReads('conversation.'), ...messageReads('message.')],
    note: CONVERSATIONS_NOTE,
  },
  // --- Consent lists (helper CONSENT: main/core/api/lists-api.ts, outbox kind lists.ts)
  {
    endpoint: 'GET /v1/lists',
    source: F_LISTS,
    calledFrom: 'api/lists-api.ts (consent/consent-service.ts; outbox kind lists.ts reads before it writes)',
    query: [],
    body: [],
    reads: [
      f('lists[].id', 'NOT FOUND', F_LISTS, UNREADABLE),
      f(
        'lists[].type',
        'NOT FOUND',
        F_LISTS,
        `${OPTIONAL}; a list of another type is ignored, so consent reads "allowed" unless a text is refused (then "stopped")`,
      ),
      f('lists[].entries', 'NOT FOUND', F_LISTS, OPTIONAL),
      f('lists[].name', 'NOT FOUND', F_LISTS, OPTIONAL),
      f('lists[].is_deleted', 'NOT FOUND', F_LISTS, OPTIONAL),
      f(
        'explicit_opt_in',
        'NOT FOUND',
        F_LISTS,
        `${OPTIONAL}; absent means the product default (service-api-facts.md §3): everyone is opted in`,
      ),
    ],
    note: LISTS_NOTE,
  },
  {
    endpoint: 'PUT /v1/lists',
    source: F_LISTS,
    calledFrom: 'api/lists-api.ts (outbox kind lists.ts: "Stop texting this patient")',
    query: [],
    body: [
      f('lists', 'NOT FOUND', F_LISTS, LIST_WRITE_REFUSED),
      f('lists[].id', 'NOT FOUND', F_LISTS, LIST_WRITE_REFUSED),
      f('lists[].add_entries', 'NOT FOUND', F_LISTS, LIST_WRITE_REFUSED),
    ],
    reads: [f('lists[].id', 'NOT FOUND', F_LISTS, UNREADABLE)],
    note: LISTS_NOTE,
  },
  {
    endpoint: 'POST /v1/lists',
    source: F_LISTS,
    calledFrom: 'api/lists-api.ts (outbox kind lists.ts, when the account has no opt-out list yet)',
    query: [],
    body: [
      f('lists', 'NOT FOUND', F_LISTS, LIST_WRITE_REFUSED),
      f('lists[].name', 'NOT FOUND', F_LISTS, LIST_WRITE_REFUSED),
      f('lists[].type', 'NOT FOUND', F_LISTS, LIST_WRITE_REFUSED),
      f('lists[].entries', 'NOT FOUND', F_LISTS, LIST_WRITE_REFUSED),
    ],
    reads: [f('lists[].id', 'NOT FOUND', F_LISTS, UNREADABLE)],
    note: LISTS_NOTE,
  },
];

/** The contract of `METHOD /path`, or undefined when the app does not call it. */
export function contractOf(method: string, path: string): ContractEndpoint | undefined {
  const key = `${method.toUpperCase()} ${path}`;
  return CONTRACT.find((e) => e.endpoint === key);
}

/** Where an unknown field was found. */
export interface UnknownField {
  /** `query` or `body`. */
  in: 'query' | 'body';
  /** Its path, e.g. `events[0].participants[1].nickname`. */
  path: string;
  /** Its name as the contract would list it, e.g. `events[].participants[].nickname`. */
  name: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields of `value` (a query or a body) that `fields` does not list, in order: nested objects and arrays of
 * objects are walked (`a[].b`), a field marked `anyKeys` is not. An endpoint the contract does not have allows none.
 */
export function unknownFields(
  fields: readonly ContractField[],
  where: 'query' | 'body',
  value: unknown,
): UnknownField[] {
  const byName = new Map(fields.map((x) => [x.name, x]));
  const out: UnknownField[] = [];
  const walk = (v: unknown, name: string, path: string): void => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        if (isPlainObject(item)) visit(item, `${name}[]`, `${path}[${i}]`);
      });
    } else if (isPlainObject(v)) visit(v, name, path);
  };
  const visit = (obj: Record<string, unknown>, prefix: string, pathPrefix: string): void => {
    for (const [key, v] of Object.entries(obj)) {
      const name = prefix ? `${prefix}.${key}` : key;
      const path = pathPrefix ? `${pathPrefix}.${key}` : key;
      const known = byName.get(name);
      if (!known) {
        out.push({ in: where, path, name });
        continue;
      }
      if (!known.anyKeys) walk(v, name, path);
    }
  };
  if (isPlainObject(value)) visit(value, '', '');
  return out;
}

/** Removes from `value` (in place) every field `fields` does not list; what a service that ignores them would see. */
export function dropUnknownFields(fields: readonly ContractField[], value: unknown): void {
  const byName = new Map(fields.map((x) => [x.name, x]));
  const visit = (obj: Record<string, unknown>, prefix: string): void => {
    for (const [key, v] of Object.entries(obj)) {
      const name = prefix ? `${prefix}.${key}` : key;
      const known = byName.get(name);
      if (!known) {
        delete obj[key];
        continue;
      }
      if (known.anyKeys) continue;
      if (Array.isArray(v)) v.forEach((item) => isPlainObject(item) && visit(item, `${name}[]`));
      else if (isPlainObject(v)) visit(v, name);
    }
  };
  if (isPlainObject(value)) visit(value, '');
}
