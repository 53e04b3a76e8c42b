/**
 * A consent list write: add phone numbers or e-mail addresses to the account's opt-out list ("Stop texting this
 * patient"). It reads the list first and adds only what is missing, so an entry already there changes nothing and an
 * attempt whose answer was lost is not written twice; with no opt-out list yet, one is made.
 */
import { z } from 'zod';
import { addListEntries, createOptOutList, readLists } from '../../api/lists-api';
import { done, type KindSpec } from './spec';
import { payloadFormat } from './stored-format';

const listAdd = z.strictObject({
  type: z.literal('opt_out'),
  /** E.164 phone numbers and lower-cased e-mail addresses. */
  entries: z.array(z.string().trim().min(1).max(254)).min(1).max(10),
  /** Whom it is about (never sent): the Outbox's sentence. */
  who: z.string().max(200).optional(),
});
type ListAdd = z.output<typeof listAdd>;

/** PUT /v1/lists `add_entries` (POST a new opt-out list when there is none), after reading what the list holds. */
export const listAddKind: KindSpec<ListAdd> = {
  format: payloadFormat({ schema: listAdd }),
  create: false,
  goneIsDone: false,
  recordKeys: (p) => [`list:${p.type}`],
  appointmentAt: () => null,
  send: async (service, p) => {
    const { lists } = await readLists(service);
    const optOut = lists.filter((l) => l.type === p.type).sort((a, b) => a.id - b.id);
    const holding = optOut.find((l) => p.entries.every((e) => l.entries.includes(e)));
    if (holding) return done(holding);
    const [first] = optOut;
    if (!first) return done(await createOptOutList(service, p.entries));
    return done(
      await addListEntries(
        service,
        first.id,
        p.entries.filter((e) => !first.entries.includes(e)),
      ),
    );
  },
};
