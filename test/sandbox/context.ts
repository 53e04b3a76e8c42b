/**
 * The seam between the sandbox's two halves: the platform (server, OAuth, auth, faults,
 * stats — `server.ts`, `oauth/`, `auth.ts`, `faults.ts`) and the domain API (`api/`).
 * Both import only this file from each other.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Every scope in the spec's scope map. */
export const SCOPES = [
  'calendars:read',
  'address_books:read',
  'contacts:read',
  'contacts:write',
  'events:read',
  'events:write',
  'bookings:read',
  'bookings:write',
  'imports:read',
  'imports:write',
  'lists:read',
  'lists:write',
  'messaging:read',
  'messaging:send',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Options of a sandbox run (CLI flags map 1:1). */
export interface SandboxOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  accessTtlS: number;
  codeTtlS: number;
  seed: number;
  contacts: number;
  events: number;
  deviceSettleMs: number;
  /** Portal origin when it differs from the API origin (default: same origin). */
  portalUrl?: string;
  /** Clock; tests may pass a controllable one. */
  now?: () => Date;
  /**
   * Request fields the service contract (contract.ts) does not list: `strict` refuses them with 400 naming the field,
   * `lenient` drops them silently (a service that ignores them); unset, nothing is checked (strict.ts).
   */
  fields?: 'strict' | 'lenient';
  /**
   * `--vary SEED`: answers vary within the service documents' freedom, chosen from the seed (vary.ts); `false` (or
   * unset) answers in the one exact shape.
   */
  vary?: { seed: number; slowMs?: number } | false;
}

export const DEFAULT_OPTIONS: SandboxOptions = {
  port: 4010,
  host: '127.0.0.1',
  accessTtlS: 2_592_000,
  codeTtlS: 60,
  seed: 1,
  contacts: 300,
  events: 600,
  deviceSettleMs: 3000,
};

/** A service user (an account login). */
export interface User {
  id: number;
  email: string;
  name: string;
  /** Name of the practice/account, e.g. "Lakeside Dental". */
  accountName: string;
  password: string;
  apiKey: string;
  /** Linked user: the user whose data this user's API calls act on. */
  apiTargetId: number | null;
  /** IANA zone of the account (default for booking pages, phone country). */
  timeZone: string;
}

/** Who a /v1 request acts as, after authentication. */
export interface Principal {
  /** The authenticated user. */
  user: User;
  /** The account whose data is read and written (the API target for linked users). */
  acting: User;
  via: 'bearer' | 'basic';
  /** Granted scopes; Basic auth is not scope-gated. */
  scopes: ReadonlySet<Scope> | 'all';
  clientId: string | null;
}

/** Thrown anywhere in a handler; the platform's error handler turns it into the response. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(
      typeof body === 'object' && body && 'error' in body
        ? String((body as { error: unknown }).error)
        : `HTTP ${status}`,
    );
  }
}

/** Counters the domain API bumps; the platform serves them at GET /__sandbox/stats. */
export interface DomainCounters {
  bookingsCreated: number;
  bookingsFailed: number;
  contactsWritten: number;
  eventsWritten: number;
  eventMarks: number;
  messagesRecorded: number;
  /** Patients' replies recorded through POST /__sandbox/inbound (not counted in messagesRecorded). */
  inboundRecorded: number;
  importsStarted: number;
  listsWritten: number;
}

/** Shared by both halves; created once per sandbox by `startSandbox`. */
export interface SandboxContext {
  options: SandboxOptions;
  /** Seeded users (owner, staff, linked); stable across reset. */
  users: readonly User[];
  now(): Date;
  counters: DomainCounters;
  /**
   * Authenticates a /v1 request and checks the scope (null = any valid token, e.g. userinfo).
   * Throws HttpError 401 (with WWW-Authenticate) or 403 insufficient_scope.
   */
  authorize(req: FastifyRequest, scope: Scope | null): Principal;
  /** Base URL the sandbox listens on, e.g. http://127.0.0.1:4010 (set once listening). */
  baseUrl(): string;
}

/** The domain API half: registers every /v1 route except /v1/userinfo, and resets its data. */
export interface ApiModule {
  register(app: FastifyInstance): void;
  /** Re-seeds all domain data deterministically from options.seed (POST /__sandbox/reset). */
  reset(): void;
}
