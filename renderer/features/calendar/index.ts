/** What other features use of the calendar: the appointment's slots, and how a series of visits shows. */
export {
  registerAppointmentThread,
  registerMoveText,
  type AppointmentSlotProps,
  type MoveTextProps,
} from './appointment-slots';
export { SeriesMark, seriesAmong } from './SeriesParts';
