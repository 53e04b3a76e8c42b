/** What other features use of the shell: the keys the appointment menu shows. */
export { appointmentMenuKeys } from './shortcuts';
