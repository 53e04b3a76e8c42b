/**
 * Optimism: the account's unsynced contact changes applied to what the service (or the cache) said. A queued create
 * appears at once, an update shows its new values, a delete is marked — until the service's record replaces it.
 */
import type { CountryCode } from 'libphonenumber-js';
import type { ContactPending, ContactView } from '../../../common/contract';
import type { OpView } from '../outbox';
import { applyPayload, viewOfCreate } from './contact-view';
import { matches, type SearchMeaning } from '../../../common/contacts/search-query';

const CHANGE = { 'contact.create': 'create', 'contact.update': 'update', 'contact.delete': 'delete' } as const;
const RANK = { update: 0, create: 1, delete: 2 } as const;

/**
 * The contact ops to apply to an answer read at `since`: every unfinished one, and those finished after the read
 * began (the answer may predate them).
 */
export function contactOps(ops: OpView[], since: number): OpView[] {
  return ops.filter((op) => op.kind in CHANGE && (op.status !== 'done' || (op.finishedAt ?? 0) >= since));
}

function pendingOf(op: OpView): ContactPending | null {
  if (op.status === 'done') return null;
  const change = CHANGE[op.kind as keyof typeof CHANGE];
  return {
    opId: op.id,
    change,
    status: op.status,
    error: op.lastError?.message ?? null,
    requiredScope: op.lastError?.requiredScope ?? null,
  };
}

/** Two marks on one contact: the weightier change shows, and trouble with either shows. */
function mergePending(a: ContactPending | null, b: ContactPending | null): ContactPending | null {
  if (!a || !b) return a ?? b;
  const shown = RANK[b.change] >= RANK[a.change] ? b : a;
  const trouble = [b, a].find((p) => p.status === 'needs_attention');
  return trouble
    ? { ...shown, status: 'needs_attention', error: trouble.error, requiredScope: trouble.requiredScope }
    : shown;
}

/** Whether a write payload names this contact. */
function refers(c: ContactView, p: Record<string, unknown>): boolean {
  if (typeof p.id === 'number') return c.id === p.id;
  return typeof p.external_id === 'string' && c.externalId === p.external_id;
}

function applyOp(c: ContactView, op: OpView, country: CountryCode | null): ContactView | null {
  if (!refers(c, op.payload)) return c;
  if (op.kind === 'contact.delete' && op.status === 'done') return null;
  const changed = op.kind === 'contact.update' ? applyPayload(c, op.payload, country) : c;
  return { ...changed, pending: mergePending(c.pending, pendingOf(op)) };
}

/** `items` with `ops` (queue order) applied; contacts not yet on the service first, newest on top. */
export function overlay(
  items: ContactView[],
  ops: OpView[],
  meaning: SearchMeaning,
  country: CountryCode | null,
): ContactView[] {
  const { created, known } = overlaid(items, ops, meaning, country);
  return [...created, ...known];
}

/**
 * `items` with `ops` applied (`known`, in their order; a contact deleted at the service left out), and the contacts
 * not yet on the service that match (`created`, newest first). A contact no op names is the same object as it came.
 */
export function overlaid(
  items: readonly ContactView[],
  ops: OpView[],
  meaning: SearchMeaning,
  country: CountryCode | null,
): { created: ContactView[]; known: ContactView[] } {
  let known = [...items];
  let created: ContactView[] = [];
  for (const op of ops) {
    if (op.kind === 'contact.create') {
      const at = known.findIndex((c) => c.externalId === op.payload.external_id);
      if (at >= 0) {
        known[at] = { ...known[at]!, pending: mergePending(known[at]!.pending, pendingOf(op)) };
        continue;
      }
      const view = { ...viewOfCreate(op.id, op.payload, op.result?.id ?? null, country), pending: pendingOf(op) };
      if (matches(meaning, view)) created.unshift(view);
      continue;
    }
    const apply = (list: ContactView[]) =>
      list.map((c) => applyOp(c, op, country)).filter((c): c is ContactView => c !== null);
    known = apply(known);
    created = apply(created);
  }
  return { created, known };
}
