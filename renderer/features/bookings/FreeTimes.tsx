/** The day's free times as one radio group (one Tab stop, arrow keys move), each with its provider. */
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { IpcError, ProviderView, SlotView } from '../../../common/contract';
import { timeInZone, zoneLabel, differsFromWorkstation, wallTimeToInstant } from '../../lib/practice-time';
import { offersProvider, useBookingStore } from '../../stores/booking-store';
import { SavedTimesNote } from './SavedTimesNote';

/** Who can be seen at that time: the chosen provider, or the free ones when anyone will do. */
function providersOf(slot: SlotView, providers: readonly ProviderView[], chosen: number | null): string {
  const ids = chosen !== null ? [chosen] : slot.providers;
  return providers
    .filter((p) => ids.includes(p.id))
    .map((p) => p.name)
    .join(' or ');
}

/** Free times of the form's day, filtered to the chosen provider. */
export function FreeTimes({
  slots,
  error,
  providers,
  zone,
  fieldError,
  wanted,
}: {
  slots: SlotView[] | null;
  error: IpcError | null;
  providers: readonly ProviderView[];
  zone: string;
  fieldError: string | undefined;
  /** A time asked for from the schedule that is not among the free times (epoch ms), or null. */
  wanted: number | null;
}) {
  const provider = useBookingStore((s) => s.form.provider);
  const chosen = useBookingStore((s) => s.form.slot);
  // The zone as it is on the form's day (CDT or CST), not as it is now.
  const day = useBookingStore((s) => s.form.day);
  const dayAt = (day && wallTimeToInstant(day, '12:00', zone)) || undefined;
  const update = useBookingStore((s) => s.update);
  const shown = slots?.filter((s) => offersProvider(s, provider)) ?? null;
  const who = providers.find((p) => p.id === provider)?.name;
  return (
    <RadioGroup
      className="slots"
      value={chosen?.start ?? null}
      onChange={(start) => update({ slot: shown?.find((s) => s.start === start) ?? null })}
      aria-describedby={fieldError ? 'slot-error' : undefined}
      isInvalid={Boolean(fieldError)}
    >
      <Label className="slots-label">Free times</Label>
      {differsFromWorkstation(zone, dayAt) && <p className="muted slots-zone">{zoneLabel(zone, dayAt)}</p>}
      <SavedTimesNote slots={slots} zone={zone} />
      {slots === null && !error && <p className="muted">Looking for free times…</p>}
      {error && error.code !== 'insufficient_scope' && <p className="notice notice-error">{error.message}</p>}
      {shown?.length === 0 && !error && (
        <p className="muted">
          {who ? `${who} has no free times on this day.` : 'No free times on this day.'} Try another day
          {who ? ' or “Anyone available”' : ''}.
        </p>
      )}
      {wanted !== null && shown && shown.length > 0 && (
        <p className="muted" data-testid="wanted-time">
          {timeInZone(wanted, zone)} is not free for this booking page and type. Choose another time.
        </p>
      )}
      <div className="slot-grid">
        {shown?.map((slot) => (
          <Radio key={slot.start} value={slot.start} className="slot">
            <span className="slot-time">{timeInZone(slot.start, zone)}</span>
            {providers.length > 0 && (
              <span className="slot-provider">{providersOf(slot, providers, provider) || 'Any provider'}</span>
            )}
          </Radio>
        ))}
      </div>
      {fieldError && (
        <span id="slot-error" className="field-error">
          {fieldError}
        </span>
      )}
    </RadioGroup>
  );
}

/**
 * "Dr. Hart", "Dr. Okafor" or "Anyone available": the page's providers, for pages with more than one. The provider
 * chosen decides the types offered (booking-store.ts `typesFor`).
 */
export function ProviderChoice({ providers }: { providers: readonly ProviderView[] }) {
  const provider = useBookingStore((s) => s.form.provider);
  const update = useBookingStore((s) => s.update);
  if (providers.length < 2) return null;
  return (
    <RadioGroup
      className="providers"
      orientation="horizontal"
      value={provider === null ? 'anyone' : String(provider)}
      onChange={(v) => update({ provider: v === 'anyone' ? null : Number(v) })}
    >
      <Label className="slots-label">Provider</Label>
      <div className="provider-options">
        {providers.map((p) => (
          <Radio key={p.id} value={String(p.id)} className="provider-option">
            {p.name}
          </Radio>
        ))}
        <Radio value="anyone" className="provider-option">
          Anyone available
        </Radio>
      </div>
    </RadioGroup>
  );
}
