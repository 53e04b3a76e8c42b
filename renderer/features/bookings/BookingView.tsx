/** Booking an appointment for a caller: page and type, a free time, the caller's details, Book. */
import { useEffect, useState } from 'react';
import { Field } from '../../components/Field';
import { PermissionNeeded } from '../../components/PermissionNeeded';
import { isStaffBooking, pageProviders, typesFor, useBookingStore } from '../../stores/booking-store';
import { BookingResult } from './BookingResult';
import { CallerFields } from './CallerFields';
import { FreeTimes, ProviderChoice } from './FreeTimes';
import { toBookingInput } from '../../stores/booking-input';
import { validateBooking, type FormErrors } from './booking-validation';
import './booking-form.css';
import { useShallow } from 'zustand/react/shallow';

/** The Book appointment screen. */
export function BookingView() {
  const { pages, pagesError, slots, slotsError, form, submitting, submitError, result, editingId, wanted } =
    useBookingStore(
      useShallow(
        ({ pages, pagesError, slots, slotsError, form, submitting, submitError, result, editingId, wanted }) => ({
          pages,
          pagesError,
          slots,
          slotsError,
          form,
          submitting,
          submitError,
          result,
          editingId,
          wanted,
        }),
      ),
    );
  const { loadPages, update, submit } = useBookingStore.getState();
  const [errors, setErrors] = useState<FormErrors>({});
  useEffect(() => {
    void loadPages();
  }, [loadPages]);
  const page = pages.find((p) => p.slug === form.page);
  const type = page?.types.find((t) => t.key === form.appointmentType) ?? page?.types[0];
  const onBook = () => {
    const found = validateBooking(form, page);
    setErrors(found);
    if (Object.keys(found).length === 0 && page) void submit(toBookingInput(form, page));
  };
  const scopeError = [pagesError, slotsError, submitError].find((e) => e?.code === 'insufficient_scope');
  return (
    <section className="card booking" aria-labelledby="booking-heading" data-testid="booking">
      <h2 id="booking-heading">{editingId && !result ? 'Change a waiting booking' : 'Book an appointment'}</h2>
      {scopeError?.requiredScope && <PermissionNeeded message={scopeError.message} scope={scopeError.requiredScope} />}
      {pagesError && !scopeError && (
        <p className="notice notice-error" role="alert">
          {pagesError.message}
        </p>
      )}
      {result ? (
        <BookingResult item={result} />
      ) : (
        <form className="form" onSubmit={(e) => (e.preventDefault(), onBook())} noValidate>
          <div className="form-row">
            <Field label="Booking page" error={errors.page}>
              <select
                value={form.page}
                onChange={(e) =>
                  update({
                    page: e.target.value,
                    appointmentType: pages.find((p) => p.slug === e.target.value)?.types[0]?.key ?? '',
                  })
                }
              >
                {pages.map((p) => (
                  <option key={p.slug} value={p.slug}>
                    {p.name}
                  </option>
                ))}
              </select>
            </Field>
            {page && page.types.length > 1 && (
              <Field label="Appointment type">
                <select value={form.appointmentType} onChange={(e) => update({ appointmentType: e.target.value })}>
                  {typesFor(page, form.provider).map((t) => (
                    <option key={t.key} value={t.key}>
                      {t.label}
                      {t.lengthMinutes ? ` (${t.lengthMinutes} min)` : ''}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <Field label="Day">
              <input
                type="date"
                value={form.day}
                onChange={(e) => e.target.value && update({ day: e.target.value, dayPicked: true })}
              />
            </Field>
          </div>
          {page && <ProviderChoice providers={pageProviders(page)} />}
          {page && type && isStaffBooking(page, type.key, form.provider) && (
            <p className="notice" data-testid="staff-booking-note">
              {type.providers.find((p) => p.id === form.provider)?.name ?? 'This provider'} has no appointment type of
              their own on this page, so this is booked straight onto their calendar as a staff appointment (it is not
              listed under Bookings). The free times are theirs.
            </p>
          )}
          <FreeTimes
            slots={slots}
            error={slotsError}
            providers={type?.providers ?? []}
            zone={page?.timeZone ?? 'UTC'}
            fieldError={errors.slot}
            wanted={wanted?.start ?? null}
          />
          {page && <CallerFields page={page} errors={errors} />}
          {submitError && !scopeError && (
            <p className="notice notice-error" role="alert">
              {submitError.message}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="primary-button" disabled={submitting}>
              {submitting ? 'Booking…' : editingId ? 'Save changes' : 'Book'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
