/** What other features use of the calendar: how a participant's state reads, and the appointment's slots. */
export { stateInWords } from './participant-state';
export { registerAppointmentThread, type AppointmentSlotProps } from './appointment-slots';
