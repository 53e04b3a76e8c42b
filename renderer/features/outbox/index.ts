/** What other features use of the outbox: the notice of work kept aside. */
export { KeptAsideNotice } from './KeptAsideNotice';
