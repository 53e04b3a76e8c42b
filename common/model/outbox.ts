/** Queued changes as the Outbox view and the status bar show them. */
import type { RefusalReason } from '../result';
import type { BookingState, ChangeState } from './states';

/** Kinds of queued change (mirrors the outbox). */
export type ChangeKind =
  | 'contact.create'
  | 'contact.update'
  | 'contact.delete'
  | 'event.create'
  | 'event.update'
  | 'event.delete'
  | 'event.mark'
  | 'event.move'
  | 'event.series'
  | 'booking.book_now'
  | 'message.start'
  | 'message.reply'
  | 'list.add'
  | 'waitlist.put'
  | 'waitlist.remove'
  | 'waitlist.offer'
  | 'waitlist.answer';

/**
 * What a change is about, as facts (never words): the screen words it by its kind (renderer/lib/words.ts), with
 * the appointment's time (`appointmentAt`, in `zone`) told in the user's locale. Empty strings where not known.
 */
export interface ChangeFacts {
  /** Whom it is for or about: the person's name, else their phone or e-mail. */
  who: string;
  /** The appointment's title (new and changed appointments). */
  title: string;
  /** A booking's appointment type (its token on the booking page). */
  appointmentType: string;
  /** The mark set on an appointment (event.mark: arrived, noshow, confirmed, …). */
  mark: string;
  /** The words of a text. */
  text: string;
  /** The calendar (provider or room) a move goes to (event.move). */
  calendar?: string;
  /** What a series write does (event.series): make the visits, move them, or cancel them. */
  series?: 'create' | 'move' | 'cancel';
}

/** A queued change as the Outbox view shows it. */
export interface OutboxItem {
  id: string;
  kind: ChangeKind;
  /** What it is about; worded by the screen. */
  about: ChangeFacts;
  status: ChangeState;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  /** Why it has not gone through, in the service's words when it gave any. */
  error: string | null;
  /** What the refusal means, when core can tell (the screen words it instead of `error`). */
  reason: RefusalReason | null;
  /** The scope the service asked for, when permission is what is missing. */
  requiredScope: string | null;
  /** The appointment time has passed. */
  timePassed: boolean;
  /** What the service made of it, once done (for a text: the thread's id; for a booking: its calendar). */
  result: { id: number | null; state: BookingState | null; calendarName: string | null } | null;
  /**
   * A text still unsent 15 minutes after it was written: held, not sent, until the user chooses "Send now anyway"
   * (`outbox:send-anyway`) or "Discard" (`outbox:discard`). Status is then 'needs_attention'.
   */
  held?: boolean;
  /**
   * Sending it again could help: it is waiting, or it stopped for a reason that can pass (the network, a sign-in,
   * a permission, an odd answer). False when the service refused it or its time has passed — the same request would
   * be refused again, so it needs changing or discarding.
   */
  canRetry: boolean;
  /** When the appointment starts (epoch ms), for appointments and bookings. */
  appointmentAt: number | null;
  /** The zone `appointmentAt` was chosen in (the booking page's or the practice's); null when not known. */
  zone: string | null;
}

/** Counts for the status bar, and work waiting under other sign-ins on this workstation. */
export interface OutboxSummary {
  queued: number;
  needsAttention: number;
  held: { account: string; label: string; count: number }[];
  /**
   * Saved changes that could not be read (their bytes kept aside in `file`), until acknowledged: at most `count`
   * changes may not have been sent; whether they were is not known. `unsure`: the app cannot tell whether its log is
   * whole (its watermark was gone), so more may be missing than `count` (which may then be 0).
   */
  keptAside: { count: number; file: string; since: number; unsure?: true } | null;
  /** The outbox could not be opened: what to tell the user (absent or null when it is open). */
  cannotOpen?: string | null;
  /** The changes waiting on this computer cannot be read at all: see OutboxLocked (absent or null when they can). */
  locked?: OutboxLocked | null;
}

/**
 * The outbox's key cannot be unwrapped (the system's keystore changed, or the browser host's key file is gone), so
 * the changes waiting on this computer cannot be read. Nothing was deleted and no new key was written over the old
 * one: putting the old key back and restarting brings them back; or the user starts a new, empty outbox.
 */
export interface OutboxLocked {
  /** Changes in the log (at most: without the key, their lines tell only which change each concerns). */
  changes: number;
  /**
   * The file to put back: the outbox's own key file when both its copies are lost, else the browser host's `vault.key`;
   * null where it is the system's keystore that cannot unwrap the key.
   */
  keyFile: string | null;
  /** The outbox folder, where the old changes stay (moved into a `set-aside-…` folder there when starting afresh). */
  folder: string;
}
