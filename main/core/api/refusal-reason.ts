/**
 * What a refusal of the service means, as a code the screens word (common/result.ts, `RefusalReason`). The service
 * gives no codes, only a status and its own English, so this is the one place that reads that English: the renderer
 * never looks into the words of an error.
 */
import type { RefusalReason } from '../../../common/contract';
import type { ServiceErrorKind } from './service-error';

/** What a refusal carries: its kind, its HTTP status and the service's own words (as an op's last error keeps them). */
export interface RefusalFacts {
  kind: ServiceErrorKind | string;
  status?: number | undefined;
  serviceMessage?: string | undefined;
}

/** Does a `METHOD /path` endpoint write or read appointments (/v1/events, /v1/event, /v1/event/mark)? */
export const isAppointmentEndpoint = (endpoint: string): boolean => /^\w+ \/v1\/events?(\/|$|\?)/.test(endpoint);

/**
 * The meaning of a refusal of a change to an appointment (`subject`), or null when the service's words are all
 * there is to say (or the refusal concerns something else: a contact "not found" is not a cancelled appointment).
 */
export function refusalReason(error: RefusalFacts, subject: 'appointment' | 'other'): RefusalReason | null {
  if (subject !== 'appointment' || error.kind !== 'permanent') return null;
  const words = error.serviceMessage ?? '';
  if (error.status === 404 || /\bis deleted\b|\bnot found\b|\bno event\b/i.test(words)) return 'appointment_gone';
  if (/\bcalendar/i.test(words) && /\bmov(e|ing)\b|\banother\b/i.test(words)) return 'calendar_move';
  return null;
}
