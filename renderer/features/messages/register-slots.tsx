/**
 * Puts the messages feature where other screens left room for it: the appointment details' thread (with "Text
 * patient"), and the text about a moved appointment's new time (the schedule's Undo toast). The component itself loads when the details first open, so the first paint does not carry it.
 */
import { lazy, Suspense } from 'react';
import {
  registerAppointmentThread,
  registerMoveText,
  type AppointmentSlotProps,
  type MoveTextProps,
} from '../calendar';

const AppointmentTexts = lazy(() => import('./AppointmentTexts').then((m) => ({ default: m.AppointmentTexts })));
const MoveText = lazy(() => import('./MoveText').then((m) => ({ default: m.MoveText })));

function AppointmentTextsSlot(props: AppointmentSlotProps) {
  return (
    <Suspense fallback={null}>
      <AppointmentTexts {...props} />
    </Suspense>
  );
}

registerAppointmentThread(AppointmentTextsSlot);

function MoveTextSlot(props: MoveTextProps) {
  return (
    <Suspense fallback={null}>
      <MoveText {...props} />
    </Suspense>
  );
}

registerMoveText(MoveTextSlot);
