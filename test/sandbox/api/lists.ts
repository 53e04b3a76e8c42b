/**
 * Opt-in / opt-out lists (designed here): GET/POST/PUT/DELETE /v1/lists; entries are E.164 phones or e-mails. Everyone
 * may be texted unless on an opt_out list or a stoplist; under explicit opt-in (`POST /__sandbox/consent`) only those
 * on an opt_in list may. A STOP reply fills the stoplist.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isLoopback } from '../admin';
import { badRequest, httpError, notFound, parseOr400 } from '../errors';
import { actingUser, findUserByEmail } from '../users';
import { addRoute, idParam, parseBody, parseQuery, stamp, str, type Deps } from './http';
import { normalizeEmail, normalizePhone } from './phones';
import type { AccountData, Conversation, ListRec } from './types';

const LIST_TYPES = ['opt_out', 'opt_in', 'stoplist'] as const;

/** JSON form of a list. */
function renderList(l: ListRec, deleted = false): Record<string, unknown> {
  return {
    id: l.id,
    name: l.name,
    type: l.type,
    description: l.description,
    entries: l.entries,
    entry_count: l.entries.length,
    is_deleted: deleted,
    created_at: stamp(l.createdAt),
    updated_at: stamp(l.updatedAt),
  };
}

const entries = z.array(str(254)).max(10_000, 'at most 10000 entries');
const createIn = z.object({
  name: str(200).trim().min(1, 'must not be empty'),
  type: z.enum(LIST_TYPES),
  description: str(1000).optional(),
  entries: entries.optional(),
});
const updateIn = z.object({
  id: idParam,
  name: str(200).trim().min(1, 'must not be empty').optional(),
  type: z.enum(LIST_TYPES).optional(),
  description: str(1000).optional(),
  entries: entries.optional(),
  add_entries: entries.optional(),
  remove_entries: entries.optional(),
});
const createBody = z.object({
  lists: z.array(createIn).min(1, 'must hold at least one list').max(50, 'at most 50 lists per request'),
});
const updateBody = z.object({
  lists: z.array(updateIn).min(1, 'must hold at least one list').max(50, 'at most 50 lists per request'),
});

/** Phones to E.164 (account country), e-mails lower-cased; 400 naming the bad entry. */
function normalizeEntries(acc: AccountData, raw: readonly string[], where: string): string[] {
  const out = raw.map((e, i) => {
    const v = e.includes('@') ? normalizeEmail(e) : normalizePhone(e, acc.country);
    return v ?? badRequest(`${where}[${i}] "${e.slice(0, 60)}" is neither a phone number nor an e-mail address`);
  });
  return [...new Set(out)];
}

/** Why a text to `recipient` (E.164 phone or lower-cased e-mail) is refused, or null when it may go. */
export function consentRefusal(acc: AccountData, recipient: string): { code: string; message: string } | null {
  const lists = [...acc.lists.values()];
  const out = lists.find((l) => (l.type === 'opt_out' || l.type === 'stoplist') && l.entries.includes(recipient));
  if (out) return { code: 'opted_out', message: `${recipient} is on the "${out.name}" list; nothing was recorded` };
  if (acc.explicitOptIn && !lists.some((l) => l.type === 'opt_in' && l.entries.includes(recipient))) {
    return {
      code: 'not_opted_in',
      message: `${recipient} is on no opt-in list (explicit opt-in); nothing was recorded`,
    };
  }
  return null;
}

/** Replies that put the sender on the stoplist, per channel. */
const STOP_WORDS = { sms: ['STOP', 'END', 'QUIT', 'UNSUBSCRIBE'], email: ['STOP', 'UNSUBSCRIBE'] } as const;

/** A patient's reply of a stop word adds their phone (or e-mail) to the stoplist, made when there is none. */
export function fillStoplist(acc: AccountData, conv: Conversation, content: string, now: number, nextId: () => number) {
  const word = content
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  const recipient = conv.channel === 'sms' ? conv.phone : conv.email;
  if (!recipient || !(STOP_WORDS[conv.channel] as readonly string[]).includes(word)) return;
  let list = [...acc.lists.values()].find((l) => l.type === 'stoplist');
  if (!list) {
    list = {
      id: nextId(),
      name: 'Stoplist',
      type: 'stoplist',
      description: 'Filled automatically from STOP replies',
      entries: [],
      createdAt: now,
      updatedAt: now,
    };
    acc.lists.set(list.id, list);
  }
  if (list.entries.includes(recipient)) return;
  list.entries = [...list.entries, recipient];
  list.updatedAt = now;
}

/** Registers the list routes. */
export function registerLists(app: FastifyInstance, deps: Deps): void {
  const query = z.object({ id: idParam.optional(), type: z.enum(LIST_TYPES).optional() });
  addRoute(app, deps, 'GET', '/v1/lists', ({ req, acc }) => {
    const q = parseQuery(req, query);
    if (q.id !== undefined && !acc.lists.has(q.id)) notFound(`list ${q.id} not found`);
    const hits = [...acc.lists.values()].filter(
      (l) => (q.id === undefined || l.id === q.id) && (q.type === undefined || l.type === q.type),
    );
    return { lists: hits.map((l) => renderList(l)), explicit_opt_in: acc.explicitOptIn === true };
  });

  // Admin (loopback only): the account's Messaging > Consent setting, explicit opt-in on or off.
  const consentBody = z.strictObject({ explicit_opt_in: z.boolean(), account: str(200).optional() });
  app.post('/__sandbox/consent', async (req) => {
    if (!isLoopback(req.raw.socket?.remoteAddress)) {
      throw httpError(403, 'forbidden', 'the sandbox admin API only answers loopback clients');
    }
    const b = parseOr400(consentBody, req.body ?? {}, 'consent setting');
    const email = b.account ?? 'owner@frontdesk.test';
    const user = findUserByEmail(deps.ctx.users, email);
    if (!user) throw httpError(404, 'not_found', `no user ${email}`);
    const acc = deps.store.account(actingUser(deps.ctx.users, user));
    acc.explicitOptIn = b.explicit_opt_in;
    return { explicit_opt_in: acc.explicitOptIn };
  });

  addRoute(app, deps, 'POST', '/v1/lists', ({ req, acc, now }) => {
    const b = parseBody(req, createBody);
    const planned = b.lists.map((l, i) => ({
      ...l,
      entries: normalizeEntries(acc, l.entries ?? [], `lists[${i}].entries`),
    }));
    const written = planned.map((l): ListRec => {
      const rec: ListRec = {
        id: deps.store.ids.next('list'),
        name: l.name,
        type: l.type,
        description: l.description ?? '',
        entries: l.entries,
        createdAt: now,
        updatedAt: now,
      };
      acc.lists.set(rec.id, rec);
      return rec;
    });
    deps.ctx.counters.listsWritten += written.length;
    return { lists: written.map((l) => renderList(l)) };
  });

  addRoute(app, deps, 'PUT', '/v1/lists', ({ req, acc, now }) => {
    const b = parseBody(req, updateBody);
    const planned = b.lists.map((l, i) => {
      const where = `lists[${i}]`;
      const target = acc.lists.get(l.id) ?? notFound(`${where}: list ${l.id} not found`);
      const base = l.entries ? normalizeEntries(acc, l.entries, `${where}.entries`) : target.entries;
      const add = normalizeEntries(acc, l.add_entries ?? [], `${where}.add_entries`);
      const remove = new Set(normalizeEntries(acc, l.remove_entries ?? [], `${where}.remove_entries`));
      const next = [...new Set([...base, ...add])].filter((e) => !remove.has(e));
      if (next.length > 10_000) badRequest(`${where}: a list holds at most 10000 entries`);
      return {
        target,
        patch: {
          name: l.name ?? target.name,
          type: l.type ?? target.type,
          description: l.description ?? target.description,
          entries: next,
          updatedAt: now,
        },
      };
    });
    const written = planned.map(({ target, patch }) => Object.assign(target, patch));
    deps.ctx.counters.listsWritten += written.length;
    return { lists: written.map((l) => renderList(l)) };
  });

  addRoute(app, deps, 'DELETE', '/v1/lists', ({ req, acc }) => {
    const q = parseQuery(req, z.object({ id: idParam }));
    const list = acc.lists.get(q.id) ?? notFound(`list ${q.id} not found`);
    acc.lists.delete(q.id);
    deps.ctx.counters.listsWritten += 1;
    return { lists: [renderList(list, true)] };
  });
}
