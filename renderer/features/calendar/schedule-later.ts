/**
 * The schedule's parts that use react-aria, loaded after its first paint (later-parts.ts): nothing the schedule's
 * first render imports may import react-aria (test/unit/bench/first-paint.test.ts counts it).
 */
export { AppointmentDetails, CancelConfirm } from './AppointmentDetails';
export { AppointmentEditor } from './AppointmentEditor';
export { ContextMenu, SlotMenu } from './AppointmentMenu';
export { GoToDate } from './GoToDate';
export { CalendarsPopover, KeyPopover, MorePopover } from './schedule-popovers';
