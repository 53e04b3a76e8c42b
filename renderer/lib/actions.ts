/**
 * Actions named once: each has a name, the words the receptionist reads, the keys that run it, when it applies and
 * what it does. A registry of them feeds the window's key handler and the "?" list (and a menu its items), so what a
 * list says and what a key does cannot drift apart.
 *
 * Keys are written as chords: "Mod+K" (Ctrl, or ⌘ on macOS), "Shift+F10", "T", "ArrowLeft", "?".
 */

/** One action. `Ctx` is what it needs to decide and to act (the key press for window keys, an item for a menu). */
export interface Action<Ctx> {
  /** Stable, unique in its registry. */
  readonly name: string;
  /** What it does, in the receptionist's words. */
  readonly words: string;
  /** Chords that run it; none for an action only offered in a menu. */
  readonly keys?: readonly string[];
  /** Whether it applies now; applies always when left out. */
  readonly when?: (ctx: Ctx) => boolean;
  /**
   * What it does. Left out when the focused control handles the keys itself (an appointment's menu keys, a dialog's
   * Esc): it matches them with `matchesKeys`, and the window's handler leaves them alone.
   */
  readonly run?: (ctx: Ctx) => void;
}

/** Registered actions, in the order they were registered (the order lists show them in). */
export interface ActionRegistry<Ctx, A extends Action<Ctx> = Action<Ctx>> {
  /** Adds an action; a second action with the same name replaces the first. Returns the action. */
  register<T extends A>(action: T): T;
  /** Takes an action out again (a test's planted one). */
  unregister(name: string): void;
  /** Every action, in order. */
  all(): readonly A[];
}

/** A new, empty registry (of `A`, actions with more fields a menu needs). */
export function createRegistry<Ctx, A extends Action<Ctx> = Action<Ctx>>(): ActionRegistry<Ctx, A> {
  let list: A[] = [];
  return {
    register(action) {
      const at = list.findIndex((a) => a.name === action.name);
      if (at >= 0) list = list.map((a, i) => (i === at ? action : a));
      else list = [...list, action];
      return action;
    },
    unregister(name) {
      list = list.filter((a) => a.name !== name);
    },
    all: () => list,
  };
}

/** True on macOS, where the Command key takes Ctrl's place. */
function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');
}

/** "⌘" on macOS, "Ctrl" elsewhere. */
function modKey(): string {
  return isMac() ? '⌘' : 'Ctrl';
}

/** What a chord is matched against: a DOM key press or React's. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

interface Chord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function parse(chord: string): Chord {
  const parts = chord.split('+');
  // "+" itself would be the last, empty part; no action uses it.
  const key = parts.pop() ?? '';
  return { mod: parts.includes('Mod'), shift: parts.includes('Shift'), alt: parts.includes('Alt'), key };
}

/** True when a chord has Ctrl (⌘ on macOS) in it: it acts even while a field has focus. */
export function withMod(chord: string): boolean {
  return parse(chord).mod;
}

/**
 * Does this key press match the chord? Ctrl (⌘) must be pressed exactly when the chord says so, the other of the two
 * never. Shift counts when the chord names it or has Ctrl in it; a plain key ("T", "?", an arrow) matches with or
 * without Shift, since "?" needs Shift on most keyboards, and letters match either case.
 */
export function matchesChord(chord: string, e: KeyPress): boolean {
  const c = parse(chord);
  const mac = isMac();
  const mod = mac ? e.metaKey : e.ctrlKey;
  const other = mac ? e.ctrlKey : e.metaKey;
  if (mod !== c.mod || other || e.altKey !== c.alt) return false;
  if ((c.shift || c.mod) && e.shiftKey !== c.shift) return false;
  return e.key.toLowerCase() === c.key.toLowerCase();
}

/** True when the key press matches any of the action's chords. */
export function matchesKeys(action: Pick<Action<never>, 'keys'>, e: KeyPress): boolean {
  return (action.keys ?? []).some((chord) => matchesChord(chord, e));
}

const KEY_WORDS: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
  ContextMenu: 'Menu',
};

/** A chord as the list shows it: "Ctrl+K" ("⌘K" on macOS), "Shift+F10", "←". */
function chordWords(chord: string): string {
  const c = parse(chord);
  const mod = modKey();
  const key = KEY_WORDS[c.key] ?? (c.key.length === 1 ? c.key.toUpperCase() : c.key);
  const mods = [c.mod ? mod : null, c.alt ? 'Alt' : null, c.shift ? 'Shift' : null].filter(Boolean) as string[];
  if (mods.length === 0) return key;
  return mod === '⌘' && c.mod && mods.length === 1 ? `${mod}${key}` : [...mods, key].join('+');
}

/** A chord as `aria-keyshortcuts` names it: "Control+K" ("Meta+K" on macOS). */
function ariaKeys(chord: string): string {
  const c = parse(chord);
  const mods = [c.mod ? (isMac() ? 'Meta' : 'Control') : null, c.alt ? 'Alt' : null, c.shift ? 'Shift' : null];
  return [...mods.filter(Boolean), c.key.length === 1 ? c.key.toUpperCase() : c.key].join('+');
}

/** An action's keys as `aria-keyshortcuts` names them (space between two): what a control that runs it carries. */
export function ariaKeysOf(action: Pick<Action<never>, 'keys'>): string {
  return (action.keys ?? []).map(ariaKeys).join(' ');
}

/** An action's keys in words, " / " between two: what the list and a control's hint show. */
export function keyWordsOf(action: Pick<Action<never>, 'keys'>): string {
  return (action.keys ?? []).map(chordWords).join(' / ');
}

/** One row of a shortcut list. */
export interface ShortcutRow {
  keys: string;
  what: string;
}

/** The rows of a shortcut list: every action that has keys, its chords joined with " / ". */
export function shortcutRowsOf(actions: readonly Pick<Action<never>, 'keys' | 'words'>[]): ShortcutRow[] {
  return actions.filter((a) => (a.keys ?? []).length > 0).map((a) => ({ keys: keyWordsOf(a), what: a.words }));
}
