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

/** Props of the "Text the patient about the new time" slot: the appointment as moved, and how to close it. */
export interface MoveTextProps {
  item: AgendaItem;
  onClose(): void;
}

const slots: { thread: ComponentType<AppointmentSlotProps> | null; moveText: ComponentType<MoveTextProps> | null } = {
  thread: null,
  moveText: null,
};

/** Puts the appointment's thread (and its actions) in the details. @public: the messages feature fills it. */
export function registerAppointmentThread(component: ComponentType<AppointmentSlotProps> | null): void {
  slots.thread = component;
}

/** Puts the text about a moved appointment's new time after a move's Undo. @public: the messages feature fills it. */
export function registerMoveText(component: ComponentType<MoveTextProps> | null): void {
  slots.moveText = component;
}

/** The registered text-about-the-move component, or null (then the Undo toast offers no text). */
export function moveText(): ComponentType<MoveTextProps> | null {
  return slots.moveText;
}

/** The registered thread component, or null. */
export function appointmentThread(): ComponentType<AppointmentSlotProps> | null {
  return slots.thread;
}
