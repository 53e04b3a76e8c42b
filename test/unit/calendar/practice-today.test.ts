// @vitest-environment jsdom
/**
 * The schedule opens on the practice's today, not the workstation's. It is made before core names the practice's zone
 * (the workstation's today then), and an evening in Chicago is already tomorrow on a computer kept in UTC: once the
 * zone is known, a schedule still on the workstation's today moves to the practice's; one the receptionist moved to
 * another day stays there. The instant and the zone are chosen so the two days differ on any computer, at any hour.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installRecordingBridge } from '../../support/recording-bridge';

const NOW = Date.parse('2026-11-27T03:00:00Z');
const dayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(NOW);
const HOST = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A zone whose day at NOW is not this computer's. */
const PRACTICE = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => dayIn(z) !== dayIn(HOST))!;

beforeAll(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  installRecordingBridge({});
});
afterAll(() => vi.useRealTimers());

describe('the schedule’s today', () => {
  it('is the practice’s once core names its zone, unless the receptionist moved to another day', async () => {
    const { useCalendarStore } = await import('../../../renderer/stores/calendar-store');
    const { usePracticeClock } = await import('../../../renderer/lib/practice-time');
    expect(useCalendarStore.getState().anchor).toBe(dayIn(HOST));
    usePracticeClock.getState().setZone(PRACTICE);
    expect(useCalendarStore.getState().anchor).toBe(dayIn(PRACTICE));

    usePracticeClock.getState().setZone(null);
    useCalendarStore.setState({ anchor: '2026-12-24' });
    usePracticeClock.getState().setZone(PRACTICE);
    expect(useCalendarStore.getState().anchor, 'a day the receptionist chose').toBe('2026-12-24');
  });
});
