/**
 * The app's keyboard shortcuts: one registry of actions (renderer/lib/actions.ts) that the "?" list shows and the one
 * window listener runs, so the two cannot disagree. Letters and arrows act only when no field has focus, so typing is
 * never taken over; Ctrl/Cmd combinations act anywhere. Pasting a phone number while no field has focus opens
 * "Find a patient" with it.
 */
import { isPhoneNumber } from '../../../common/input-rules';
import { createRegistry, matchesChord, shortcutRowsOf, withMod, type ShortcutRow } from '../../lib/actions';
import { useCalendarStore } from '../../stores/calendar-store';
import { useFinderStore } from '../../stores/finder-store';
import { SCREENS, useNavStore } from '../../stores/nav-store';
import { useShellStore } from '../../stores/shell-store';

/** What a window shortcut sees: the key press, and the chord of the action that matched it. */
export interface KeyContext {
  event: KeyboardEvent;
  chord: string;
}

/** True when the key press belongs to something being typed or a control that uses its own keys. */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    // A radio button's arrow keys choose within its group (the theme switch): they are its own.
    return !['button', 'checkbox', 'submit', 'reset'].includes(type);
  }
  return target.closest('[role="menu"],[role="listbox"],[role="grid"],[role="dialog"],[role="alertdialog"]') !== null;
}

/** True when a dialog is open: screen shortcuts wait until it closes. */
const dialogOpen = () => document.querySelector('[role="dialog"],[role="alertdialog"]') !== null;

/** The attribute that marks a reply box's form, where Mod+Enter sends. */
export const REPLY_FORM = 'data-reply-box';

/** The reply box's form the key press was made in, or null. */
function replyForm(target: EventTarget | null): HTMLFormElement | null {
  return target instanceof Element ? target.closest<HTMLFormElement>(`form[${REPLY_FORM}]`) : null;
}

/** True on the calendar screen. */
const onCalendar = () => useNavStore.getState().screen === 'calendar';

/** The app's shortcuts, in the order the "?" list shows them. */
export const shortcuts = createRegistry<KeyContext>();

/** The screens with the action that opens each: the tabs (NavBar.tsx) show its keys. */
export const screenTabs = SCREENS.map((s, i) => ({
  ...s,
  open: shortcuts.register({
    name: `open-${s.screen}`,
    words: `Open ${s.label}`,
    keys: [`Mod+${i + 1}`],
    when: () => !dialogOpen(),
    run: () => useNavStore.getState().go(s.screen),
  }),
}));
shortcuts.register({
  name: 'new-appointment',
  words: 'New appointment',
  keys: ['Mod+N'],
  when: () => !dialogOpen(),
  run: () => {
    useNavStore.getState().go('calendar');
    useCalendarStore.getState().openNew();
  },
});
export const findPatient = shortcuts.register({
  name: 'find-patient',
  words: 'Find a patient (or paste a phone number anywhere)',
  keys: ['Mod+K'],
  // Also over an open dialog: the finder is how a call that comes in mid-task is answered.
  run: () => useFinderStore.getState().show(),
});
/** Handled by the finder's list (react-aria) while its field has focus; the finder's hint names them (FindPatient.tsx). */
export const finderChoose = shortcuts.register({
  name: 'finder-choose',
  words: 'Find a patient: choose a match',
  keys: ['ArrowUp', 'ArrowDown'],
});
/** Handled by the finder's field (FindPatient.tsx): opens the chosen match, or the first when none is chosen. */
export const finderOpen = shortcuts.register({
  name: 'finder-open',
  words: 'Find a patient: open the chosen patient (the first when none is chosen)',
  keys: ['Enter'],
});
/**
 * Handled by the patient picker of a new appointment (calendar/PatientPicker.tsx): picks the chosen patient, the first
 * when none is chosen, and never saves the form from that field.
 */
export const patientPick = shortcuts.register({
  name: 'patient-pick',
  words: 'New appointment: pick the chosen patient (the first when none is chosen)',
  keys: ['Enter'],
});
/** Handled by the schedule's Go to date field (calendar/GoToDate.tsx): goes to the date typed now. */
export const goToTypedDate = shortcuts.register({
  name: 'go-to-typed-date',
  words: 'Go to date: go to the date typed',
  keys: ['Enter'],
});
/** Handled by the schedule's Go to date field: puts back the schedule's date over one typed. */
export const dropTypedDate = shortcuts.register({
  name: 'drop-typed-date',
  words: 'Go to date: put back the date shown',
  keys: ['Escape'],
});
export const printDaySheet = shortcuts.register({
  name: 'print-day-sheet',
  words: 'Print day sheet (the day shown in the calendar)',
  keys: ['Mod+P'],
  when: () => !dialogOpen(),
  run: () => {
    useNavStore.getState().go('calendar');
    useShellStore.getState().requestPrint();
  },
});
shortcuts.register({
  name: 'calendar-today',
  words: 'Calendar: go to today',
  keys: ['T'],
  when: onCalendar,
  run: () => useCalendarStore.getState().today(),
});
shortcuts.register({
  name: 'calendar-move',
  words: 'Calendar: previous / next day or week',
  keys: ['ArrowLeft', 'ArrowRight'],
  when: onCalendar,
  run: ({ chord }) => useCalendarStore.getState().move(chord === 'ArrowLeft' ? -1 : 1),
});
shortcuts.register({
  name: 'calendar-view-day',
  words: 'Calendar: Day view',
  keys: ['D'],
  when: onCalendar,
  run: () => useCalendarStore.getState().setView('day'),
});
shortcuts.register({
  name: 'calendar-view-week',
  words: 'Calendar: Week view',
  keys: ['W'],
  when: onCalendar,
  run: () => useCalendarStore.getState().setView('week'),
});
shortcuts.register({
  name: 'calendar-view-agenda',
  words: 'Calendar: Agenda (a list)',
  keys: ['G'],
  when: onCalendar,
  run: () => useCalendarStore.getState().setView('agenda'),
});
shortcuts.register({
  name: 'calendar-next-patient',
  words: 'Calendar: go to the next patient due (today)',
  keys: ['N'],
  when: onCalendar,
  run: () => {
    const s = useCalendarStore.getState();
    if (s.view === 'agenda') s.setView('day');
    s.today();
    s.focusNextDue();
  },
});
/** Handled by the focused appointment (features/calendar/grid-keys.ts): they win over the day keys above. */
export const appointmentStepKeys = shortcuts.register({
  name: 'appointment-step',
  words: 'Calendar: the appointment above, below, left or right of the focused one',
  keys: ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'],
});
shortcuts.register({
  name: 'appointment-open',
  words: 'Calendar: open the focused appointment',
  keys: ['Enter'],
});
/** Check-ins by one key on the focused appointment, each offered with Undo (features/calendar/grid-keys.ts). */
export const checkInKeys = {
  arrived: shortcuts.register({
    name: 'appointment-arrived',
    words: 'Calendar: mark the focused appointment Arrived',
    keys: ['A'],
  }),
  late: shortcuts.register({
    name: 'appointment-late',
    words: 'Calendar: mark the focused appointment Arrived late',
    keys: ['L'],
  }),
  noshow: shortcuts.register({
    name: 'appointment-noshow',
    words: 'Calendar: mark the focused appointment No-show',
    keys: ['X'],
  }),
} as const;
/**
 * Takes back the change the schedule's toast offers Undo for; registered by the schedule (features/calendar), which
 * holds the Undo. Not while typing (there the field undoes the typing) or over a dialog.
 */
export function registerScheduleUndo(run: () => void) {
  return shortcuts.register({
    name: 'schedule-undo',
    words: 'Calendar: undo the change just made (while its Undo is shown)',
    keys: ['Mod+Z'],
    when: ({ event }) => !typingInto(event.target) && !dialogOpen() && useCalendarStore.getState().undo !== null,
    run,
  });
}
/** The focused appointment handles these keys itself (features/calendar/menu-keys.ts). */
export const appointmentMenuKeys = shortcuts.register({
  name: 'appointment-menu',
  words: 'Calendar: menu of the focused appointment',
  keys: ['Shift+F10', 'ContextMenu'],
});
/** Handled by the focused contact of the contacts list (features/contacts/ContactList.tsx). */
export const contactListEnds = {
  first: shortcuts.register({
    name: 'contact-first',
    words: 'Contacts: the first contact of the list',
    keys: ['Home'],
  }),
  last: shortcuts.register({ name: 'contact-last', words: 'Contacts: the last contact of the list', keys: ['End'] }),
} as const;
/** Sends the text being written: applies while a reply box (features/messages/ReplyBox.tsx) has focus. */
export const sendReply = shortcuts.register({
  name: 'send-reply',
  words: 'Messages: send the text being written',
  keys: ['Mod+Enter'],
  when: ({ event }) => replyForm(event.target) !== null,
  // The form's own submit, so a send by keys is a send by the button: checked, and sent once.
  run: ({ event }) => replyForm(event.target)?.requestSubmit(),
});
shortcuts.register({
  name: 'show-shortcuts',
  words: 'Show this list',
  keys: ['?'],
  run: () => useShellStore.getState().showShortcuts(true),
});
// Every dialog closes itself on Esc (react-aria); listed so the receptionist knows.
export const closeDialog = shortcuts.register({ name: 'close-dialog', words: 'Close a dialog', keys: ['Escape'] });

/** Every shortcut, in words, for the "?" dialog. */
export function shortcutRows(): ShortcutRow[] {
  return shortcutRowsOf(shortcuts.all());
}

/** Runs the first shortcut the key press matches and that applies now; true when one ran. */
function handleKey(e: KeyboardEvent): boolean {
  for (const action of shortcuts.all()) {
    if (!action.run) continue;
    const chord = action.keys?.find((c) => matchesChord(c, e));
    if (chord === undefined) continue;
    // Ctrl/Cmd combinations act in fields too; a plain key never takes over typing or an open dialog.
    if (!withMod(chord) && (typingInto(e.target) || dialogOpen())) continue;
    const ctx = { event: e, chord };
    if (action.when && !action.when(ctx)) continue;
    action.run(ctx);
    return true;
  }
  return false;
}

/** Wires the window's key and paste listeners; returns the unwire call. */
export function wireShortcuts(): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.repeat) return;
    if (handleKey(e)) e.preventDefault();
  };
  const onPaste = (e: ClipboardEvent) => {
    if (typingInto(e.target) || dialogOpen()) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    // A phone number as someone would paste it opens the finder on it.
    if (!isPhoneNumber(text)) return;
    e.preventDefault();
    useFinderStore.getState().show(text.trim());
  };
  window.addEventListener('keydown', onKey);
  document.addEventListener('paste', onPaste);
  return () => {
    window.removeEventListener('keydown', onKey);
    document.removeEventListener('paste', onPaste);
  };
}
