/** What other features use of the shell: the actions whose keys their controls handle or show. */
export {
  appointmentMenuKeys,
  appointmentStepKeys,
  checkInKeys,
  contactListEnds,
  dropTypedDate,
  goToTypedDate,
  patientPick,
  printDaySheet,
  registerScheduleUndo,
  REPLY_FORM,
  sendReply,
} from './shortcuts';
