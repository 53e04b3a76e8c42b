/** What other features use of the shell: the actions whose keys their controls handle or show. */
export { appointmentMenuKeys, printDaySheet, REPLY_FORM, sendReply } from './shortcuts';
