/**
 * "Running late" (not here yet) is a desk mark apart from the service's `late` (arrived late): the service has no
 * mark value for it, so core writes it into the appointment's custom data with PUT /v1/events, over the custom data
 * the service has (which PUT replaces wholesale), queued in the outbox like every mark; taking it back removes the
 * key. Every workstation reads it from the service.
 */
import { describe, expect, it } from 'vitest';
import { RUNNING_LATE_KEY } from '../../../common/contract';
import { call, ownerGet, requestCount, useBootstrap, waitForOp } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 20, events: 120 } });

interface ServiceEvent {
  id: number;
  custom_data: Record<string, unknown>;
  participants: { check_in_state?: string | null }[];
}

const serviceEvent = async (id: number) => (await ownerGet<ServiceEvent>(kit.sb, '/v1/event', { id })).body;

/** An appointment of the coming week with people and custom data of the practice's own. */
async function withFields(): Promise<{ id: number; start: string }> {
  const now = Date.now();
  const agenda = await call(kit.made, 'calendar:range', {
    begin: new Date(now).toISOString(),
    end: new Date(now + 7 * 86_400_000).toISOString(),
  });
  const item = agenda.items.find((i) => i.id > 0 && i.people.length > 0 && (i.customData ?? []).length > 0);
  if (!item) throw new Error('no appointment with custom data in the coming week');
  return item;
}

describe('running late', () => {
  it('is kept in the custom data beside the practice’s own fields, not sent as a check-in mark', async () => {
    const item = await withFields();
    const before = await serviceEvent(item.id);
    const marksBefore = await requestCount(kit.sb, 'POST /v1/event/mark');
    const op = await call(kit.made, 'calendar:mark', { eventId: item.id, state: 'running_late', startsAt: item.start });
    expect(op.about.mark).toBe('running_late');
    await waitForOp(kit.made, op.id);
    const after = await serviceEvent(item.id);
    expect(Object.keys(after.custom_data).sort()).toEqual(
      [...Object.keys(before.custom_data), RUNNING_LATE_KEY].sort(),
    );
    expect(Date.parse(String(after.custom_data[RUNNING_LATE_KEY]))).not.toBeNaN();
    for (const [key, value] of Object.entries(before.custom_data)) expect(after.custom_data[key]).toEqual(value);
    // Not the service's "late" (arrived late): nobody is checked in, and no mark request was made.
    expect(after.participants.map((p) => p.check_in_state ?? null)).toEqual(before.participants.map(() => null));
    expect(await requestCount(kit.sb, 'POST /v1/event/mark')).toBe(marksBefore);
    // Another read (another workstation's) has it.
    const read = await call(kit.made, 'calendar:event', { id: item.id });
    expect(read.customData?.some((d) => d.key === RUNNING_LATE_KEY)).toBe(true);

    const back = await call(kit.made, 'calendar:mark', {
      eventId: item.id,
      state: 'not_running_late',
      startsAt: item.start,
    });
    await waitForOp(kit.made, back.id);
    expect((await serviceEvent(item.id)).custom_data).toEqual(before.custom_data);
  });
});
