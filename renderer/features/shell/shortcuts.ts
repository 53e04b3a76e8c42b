/**
 * The app's keyboard shortcuts, in one table (the "?" dialog lists it), and the one window listener that runs them.
 * Letters and arrows act only when no field has focus, so typing is never taken over; Ctrl/Cmd combinations act
 * anywhere. Pasting a phone number while no field has focus opens "Find a patient" with it.
 */
import { useCalendarStore } from '../../stores/calendar-store';
import { useFinderStore } from '../../stores/finder-store';
import { SCREENS, useNavStore } from '../../stores/nav-store';
import { useShellStore } from '../../stores/shell-store';

/** True on macOS, where the Command key takes Ctrl's place. */
function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');
}

/** "⌘" on macOS, "Ctrl" elsewhere. */
export function modKey(): string {
  return isMac() ? '⌘' : 'Ctrl';
}

/** One row of the shortcut list. */
export interface ShortcutRow {
  keys: string;
  what: string;
}

/** Every shortcut, in words, for the "?" dialog. */
export function shortcutRows(): ShortcutRow[] {
  const mod = modKey();
  const plus = mod === '⌘' ? '' : '+';
  return [
    ...SCREENS.map((s, i) => ({ keys: `${mod}${plus}${i + 1}`, what: `Open ${s.label}` })),
    { keys: `${mod}${plus}N`, what: 'New appointment' },
    { keys: `${mod}${plus}K`, what: 'Find a patient (or paste a phone number anywhere)' },
    { keys: `${mod}${plus}P`, what: 'Print day sheet (the day shown in the calendar)' },
    { keys: 'T', what: 'Calendar: go to today' },
    { keys: '← / →', what: 'Calendar: previous / next day or week' },
    { keys: 'Shift+F10', what: 'Calendar: menu of the focused appointment' },
    { keys: '?', what: 'Show this list' },
    { keys: 'Esc', what: 'Close a dialog' },
  ];
}

/** True when the key press belongs to something being typed or a control that uses its own keys. */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(type);
  }
  return target.closest('[role="menu"],[role="listbox"],[role="grid"],[role="dialog"],[role="alertdialog"]') !== null;
}

/** True when a dialog is open: screen shortcuts wait until it closes. */
const dialogOpen = () => document.querySelector('[role="dialog"],[role="alertdialog"]') !== null;

/** A phone number as someone would paste it: 7 to 15 digits with the usual punctuation. */
function looksLikePhone(text: string): boolean {
  const t = text.trim();
  if (t.length > 30 || !/^[+\d\s().\-/]+$/.test(t)) return false;
  const digits = t.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** What the shell needs to open its own dialogs. */
export interface ShortcutHandlers {
  showShortcuts(): void;
}

/** Handles one key press; true when it was a shortcut. */
function handleKey(e: KeyboardEvent, h: ShortcutHandlers): boolean {
  const mod = isMac() ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  const nav = useNavStore.getState();
  if (mod && !e.altKey && !e.shiftKey) {
    const key = e.key.toLowerCase();
    if (key === 'k') {
      useFinderStore.getState().show();
      return true;
    }
    if (dialogOpen()) return false;
    const n = Number(e.key);
    if (Number.isInteger(n) && n >= 1 && n <= SCREENS.length) {
      nav.go(SCREENS[n - 1]!.screen);
      return true;
    }
    if (key === 'n') {
      nav.go('calendar');
      useCalendarStore.getState().openNew();
      return true;
    }
    if (key === 'p') {
      nav.go('calendar');
      useShellStore.getState().requestPrint();
      return true;
    }
    return false;
  }
  if (e.ctrlKey || e.metaKey || e.altKey || typingInto(e.target) || dialogOpen()) return false;
  if (e.key === '?') {
    h.showShortcuts();
    return true;
  }
  if (nav.screen !== 'calendar') return false;
  const calendar = useCalendarStore.getState();
  if (e.key === 't' || e.key === 'T') calendar.today();
  else if (e.key === 'ArrowLeft') calendar.move(-1);
  else if (e.key === 'ArrowRight') calendar.move(1);
  else return false;
  return true;
}

/** Wires the window's key and paste listeners; returns the unwire call. */
export function wireShortcuts(h: ShortcutHandlers): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.repeat) return;
    if (handleKey(e, h)) e.preventDefault();
  };
  const onPaste = (e: ClipboardEvent) => {
    if (typingInto(e.target) || dialogOpen()) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (!looksLikePhone(text)) return;
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
