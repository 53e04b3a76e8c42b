/**
 * What can be done to an appointment, named once: each mark (Arrived, No-show, …) with its words on the menu and in a
 * check-in, then Open details, Edit and Cancel. The grid's menu and the details' "Mark as…" menu list these; the
 * badges and the details say a mark waiting to sync with the same words.
 */
import { MARK_STATES, type AgendaItem, type MarkState } from '../../../common/contract';
import { createRegistry, type Action } from '../../lib/actions';
import { MARK_WORDS, waitingMarkWords } from '../../lib/words';
import { canSayRunningLate, isRunningLate } from './running-late';

/** What a menu hands back when an item is chosen. */
export type MenuAction = { mark: MarkState } | 'details' | 'edit' | 'cancel';

/** A menu item of an appointment: the words, when it can be chosen, and what the menu hands back. */
export interface AppointmentAction extends Action<AgendaItem> {
  /** Marks come first, under their own header; the rest after a separator. */
  readonly section: 'marks' | 'actions';
  readonly pick: MenuAction;
  /** Shown in red (it takes something away). */
  readonly danger?: boolean;
  /** Only where the details are not already open (the grid's menu). */
  readonly outsideDetails?: boolean;
  /** Listed only when this holds (else it is not on the menu at all, rather than greyed out). */
  readonly listed?: (item: AgendaItem) => boolean;
}

/** "Arrived — waiting to sync" for a mark not yet sent, else null. */
export function pendingMarkWords(item: AgendaItem): string | null {
  return item.pendingMark ? waitingMarkWords(item.pendingMark) : null;
}

/** Can this appointment be marked (the service has it and it is not being cancelled)? */
export function canMark(item: AgendaItem): boolean {
  return item.id > 0 && item.pending?.change !== 'delete';
}

const notCancelling = (item: AgendaItem) => item.pending?.change !== 'delete';

/** The appointment menu's items, in menu order. */
export const appointmentActions = createRegistry<AgendaItem, AppointmentAction>();

/** When each desk mark can be chosen, and when it is listed: "No longer running late" only while it is said. */
const DESK_MARK_RULES: Partial<Record<MarkState, Pick<AppointmentAction, 'when' | 'listed'>>> = {
  running_late: { when: (item) => canMark(item) && canSayRunningLate(item) },
  not_running_late: { listed: isRunningLate },
};

for (const state of MARK_STATES)
  appointmentActions.register({
    name: `mark:${state}`,
    words: MARK_WORDS[state].word,
    section: 'marks',
    when: canMark,
    pick: { mark: state },
    ...DESK_MARK_RULES[state],
  });
appointmentActions.register({
  name: 'details',
  words: 'Open details',
  section: 'actions',
  outsideDetails: true,
  pick: 'details',
});
appointmentActions.register({
  name: 'edit',
  words: 'Edit…',
  section: 'actions',
  when: notCancelling,
  pick: 'edit',
});
appointmentActions.register({
  name: 'cancel',
  words: 'Cancel appointment…',
  section: 'actions',
  danger: true,
  when: notCancelling,
  pick: 'cancel',
});
