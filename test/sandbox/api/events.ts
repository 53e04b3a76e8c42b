/** Event routes: GET /v1/event, GET/POST/PUT/DELETE /v1/events, POST /v1/event/mark. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../errors';
import { renderEvent } from './event-render';
import { eventsBody, planEvents } from './event-write';
import {
  addRoute,
  boolish,
  type Call,
  idParam,
  paginate,
  pagingShape,
  parseBody,
  parseOr400Merged,
  parseQuery,
  str,
  timeParam,
  type Deps,
} from './http';
import { normalizeEmail, normalizePhone } from './phones';
import { liveEventByExternalId } from './store';
import { CHECK_IN_STATES, type AccountData, type CheckInState, type EventRec, type ParticipantState } from './types';

const oneQuery = z.object({
  id: idParam.optional(),
  external_id: str(200).optional(),
  include_conversations: boolish.default(false),
});

/** Event by id (deleted too) or external_id (live first, else the latest deleted); 400 without either. */
function findEvent(acc: AccountData, q: { id?: number; external_id?: string }): EventRec {
  if (q.id !== undefined) return acc.events.get(q.id) ?? notFound(`event ${q.id} not found`);
  if (q.external_id === undefined) return badRequest('id or external_id is required');
  const live = liveEventByExternalId(acc, q.external_id);
  if (live) return live;
  const dead = [...acc.events.values()].reverse().find((e) => e.externalId === q.external_id);
  return dead ?? notFound(`no event with external_id "${q.external_id.slice(0, 80)}"`);
}

function listQuery(zone: string) {
  return z.object({
    ...pagingShape(30),
    begin: timeParam(zone).optional(),
    end: timeParam(zone).optional(),
    calendar_id: idParam.optional(),
    phone_number: str(40).optional(),
    email_address: str(254).optional(),
    include_deleted: boolish.default(false),
    include_conversations: boolish.default(false),
    updated_since: timeParam(zone).optional(),
    id: idParam.optional(),
    external_id: str(200).optional(),
  });
}

/** The service's mark values → read-side state; check-in values go to check_in_state instead. */
const MARKS: Record<string, ParticipantState> = {
  accepted: 'accepted',
  declined: 'declined',
  confirmed: 'confirmed',
  cancelled: 'not_coming',
  not_coming: 'not_coming',
  needs_reschedule: 'not_coming_needs_reschedule',
};
const MARK_VALUES = [...Object.keys(MARKS), ...CHECK_IN_STATES];
const markBody = z.object({
  id: idParam.optional(),
  external_id: str(200).optional(),
  state: z
    .string()
    .max(40)
    .refine((s) => MARK_VALUES.includes(s), `must be one of ${MARK_VALUES.join(', ')}`),
});

/** Registers the event routes. */
export function registerEvents(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, 'GET', '/v1/event', ({ req, acc }) => {
    const q = parseQuery(req, oneQuery);
    return renderEvent(acc, findEvent(acc, q), { withConversations: q.include_conversations });
  });

  addRoute(app, deps, 'GET', '/v1/events', ({ req, acc }) => {
    const q = parseQuery(req, listQuery(acc.timeZone));
    if (q.id !== undefined || q.external_id !== undefined) {
      // Legacy single fetch: the event on page 1, so clients paging until empty still stop.
      const ev = findEvent(acc, q);
      return { events: q.page === 1 ? [renderEvent(acc, ev, { withConversations: q.include_conversations })] : [] };
    }
    const phone =
      q.phone_number === undefined
        ? undefined
        : (normalizePhone(q.phone_number, acc.country) ?? badRequest('phone_number is not a phone number'));
    const email =
      q.email_address === undefined
        ? undefined
        : (normalizeEmail(q.email_address) ?? badRequest('email_address is not an e-mail address'));
    const events = [...acc.events.values()].filter(
      (e) =>
        (q.include_deleted || !e.isDeleted) &&
        (q.begin === undefined || e.start >= q.begin) &&
        (q.end === undefined || e.start <= q.end) &&
        (q.calendar_id === undefined || e.calendarId === q.calendar_id) &&
        (q.updated_since === undefined || e.updatedAt >= q.updated_since),
    );
    events.sort((a, b) => a.start - b.start || a.id - b.id);
    const withConversations = q.include_conversations;
    if (phone === undefined && email === undefined) {
      return { events: paginate(events, q.page, q.page_size).map((e) => renderEvent(acc, e, { withConversations })) };
    }
    // With a phone/email filter each matching participant yields its own copy of the event.
    const copies = events.flatMap((e) =>
      e.participants
        .filter(
          (p) => (phone === undefined || p.normalizedPhone === phone) && (email === undefined || p.email === email),
        )
        .map((p) => ({ e, p })),
    );
    return {
      events: paginate(copies, q.page, q.page_size).map(({ e, p }) =>
        renderEvent(acc, e, { only: p, withConversations }),
      ),
    };
  });

  const write =
    (upsert: boolean) =>
    ({ req, acc, now }: Call) => {
      const body = parseBody(req, eventsBody);
      const written = planEvents(acc, deps.store.ids, body, upsert, now).map((run) => run());
      deps.ctx.counters.eventsWritten += written.length;
      return { events: written.map((e) => renderEvent(acc, e)) };
    };
  addRoute(app, deps, 'POST', '/v1/events', write(false));
  addRoute(app, deps, 'PUT', '/v1/events', write(true));

  addRoute(app, deps, 'DELETE', '/v1/events', ({ req, acc, now }) => {
    const ev = findEvent(acc, parseQuery(req, oneQuery));
    if (!ev.isDeleted) {
      ev.isDeleted = true;
      ev.updatedAt = now;
    }
    deps.ctx.counters.eventsWritten += 1;
    return { events: [renderEvent(acc, ev)] };
  });

  addRoute(app, deps, 'POST', '/v1/event/mark', ({ req, acc, now }) => {
    const m = parseOr400Merged(req, markBody);
    const ev = findEvent(acc, m);
    if (ev.isDeleted) badRequest(`event ${ev.id} is deleted`);
    const state = MARKS[m.state];
    for (const p of ev.participants) {
      if (state) p.state = state;
      else p.checkInState = m.state as CheckInState;
      p.updatedAt = now;
    }
    ev.updatedAt = now;
    deps.ctx.counters.eventMarks += 1;
    return renderEvent(acc, ev);
  });
}
