/**
 * Puts the messages feature where other screens left room for it: the appointment details' thread (with "Text
 * patient"). The component itself loads when the details first open, so the first paint does not carry it.
 */
import { lazy, Suspense } from 'react';
import { registerAppointmentThread, type AppointmentSlotProps } from '../calendar';

const AppointmentTexts = lazy(() => import('./AppointmentTexts').then((m) => ({ default: m.AppointmentTexts })));

function AppointmentTextsSlot(props: AppointmentSlotProps) {
  return (
    <Suspense fallback={null}>
      <AppointmentTexts {...props} />
    </Suspense>
  );
}

registerAppointmentThread(AppointmentTextsSlot);
