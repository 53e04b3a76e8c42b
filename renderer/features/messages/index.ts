/** What other features use of Messages: the dialogs that text a patient or everyone delayed. */
export { DelayBroadcast } from './DelayBroadcast';
export { TextPatientDialog } from './TextPatientDialog';
