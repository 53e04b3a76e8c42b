/**
 * The service's consent lists (GET/POST/PUT /v1/lists): opt-out, opt-in and stop lists of plain phone numbers and
 * e-mail addresses. The spec names the routes only; the shapes are the sandbox's design (test/sandbox/README.md,
 * "Lists"), so schemas ask only for what the app uses and read anything else leniently.
 */
import { z } from 'zod';
import { serviceId } from './schemas';
import type { ServiceRequester } from './service-client';

/** The kinds of list the app knows; any other is kept as `other` and ignored. */
type ListType = 'opt_out' | 'opt_in' | 'stoplist' | 'other';

const listSchema = z.object({
  id: serviceId,
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  type: z
    .string()
    .nullish()
    .transform((v): ListType => (v === 'opt_out' || v === 'opt_in' || v === 'stoplist' ? v : 'other')),
  entries: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  is_deleted: z.boolean().nullish().catch(null),
});
/** A list as the service gives it. */
export type ServiceList = z.output<typeof listSchema>;

const listsSchema = z.object({
  lists: z.array(listSchema),
  /** Messaging > Consent "explicit opt-in" (design); absent means the service's default, everyone opted in. */
  explicit_opt_in: z.boolean().nullish().catch(null),
});
/** GET /v1/lists as the app reads it. */
export type ServiceLists = z.output<typeof listsSchema>;

/** GET /v1/lists: every list (without filters, which nobody documents). */
export async function readLists(client: ServiceRequester): Promise<ServiceLists> {
  const answer = await client.request({ method: 'GET', path: '/v1/lists', schema: listsSchema });
  return { ...answer, lists: answer.lists.filter((l) => l.is_deleted !== true) };
}

const writtenSchema = z.object({ lists: z.array(listSchema).min(1) });

/** PUT /v1/lists with `add_entries`: the list's other entries are left as they are. */
export async function addListEntries(client: ServiceRequester, id: number, entries: string[]): Promise<ServiceList> {
  const { lists } = await client.request({
    method: 'PUT',
    path: '/v1/lists',
    body: { lists: [{ id, add_entries: entries }] },
    schema: writtenSchema,
  });
  return lists[0] as ServiceList;
}

/** POST /v1/lists: a new opt-out list holding `entries` (when the account has none yet). */
export async function createOptOutList(client: ServiceRequester, entries: string[]): Promise<ServiceList> {
  const { lists } = await client.request({
    method: 'POST',
    path: '/v1/lists',
    body: { lists: [{ name: 'Opt-out', type: 'opt_out', entries }] },
    schema: writtenSchema,
  });
  return lists[0] as ServiceList;
}
