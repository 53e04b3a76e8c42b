/** What other features use of the calendar: the appointment's slots. */
export { registerAppointmentThread, type AppointmentSlotProps } from './appointment-slots';
