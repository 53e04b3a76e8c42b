/**
 * Where other features put things into the appointment details without editing them: the messages feature
 * registers the appointment's thread (with its "Text patient" action) here. Nothing registered: the details show
 * the recent messages the service included.
 */
import type { ComponentType } from 'react';
import type { AgendaItem } from '../../../common/contract';

/** Props every slot gets. */
export interface AppointmentSlotProps {
  item: AgendaItem;
}

const slots: { thread: ComponentType<AppointmentSlotProps> | null } = { thread: null };

/** Puts the appointment's thread (and its actions) in the details. @public: the messages feature fills it. */
export function registerAppointmentThread(component: ComponentType<AppointmentSlotProps> | null): void {
  slots.thread = component;
}

/** The registered thread component, or null. */
export function appointmentThread(): ComponentType<AppointmentSlotProps> | null {
  return slots.thread;
}
