/** What other features use of the account feature: the header's account menu. */
export { AccountMenu } from './AccountMenu';
