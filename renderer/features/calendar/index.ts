/** What other features use of the calendar: the appointment's slots. */
export {
  registerAppointmentThread,
  registerMoveText,
  type AppointmentSlotProps,
  type MoveTextProps,
} from './appointment-slots';
