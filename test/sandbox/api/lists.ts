/** Opt-in / opt-out lists (designed here): GET/POST/PUT/DELETE /v1/lists; entries are E.164 phones or e-mails. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../errors';
import { addRoute, idParam, parseBody, parseQuery, stamp, str, type Deps } from './http';
import { normalizeEmail, normalizePhone } from './phones';
import type { AccountData, ListRec } from './types';

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

/** Registers the list routes. */
export function registerLists(app: FastifyInstance, deps: Deps): void {
  const query = z.object({ id: idParam.optional(), type: z.enum(LIST_TYPES).optional() });
  addRoute(app, deps, 'GET', '/v1/lists', ({ req, acc }) => {
    const q = parseQuery(req, query);
    if (q.id !== undefined && !acc.lists.has(q.id)) notFound(`list ${q.id} not found`);
    const hits = [...acc.lists.values()].filter(
      (l) => (q.id === undefined || l.id === q.id) && (q.type === undefined || l.type === q.type),
    );
    return { lists: hits.map((l) => renderList(l)) };
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
