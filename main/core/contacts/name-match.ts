/**
 * How a typed name finds a person, as a receptionist expects: without accents or case ("Tomas" finds "Tomás"), in
 * any word order, each typed word the start or a part of the name, and one slip (a letter wrong, missing, extra or
 * two swapped) forgiven in a name word of five letters or more ("wiliams" finds "Williams"). Linear in the words'
 * lengths, no table: a search over a practice's whole address book stays quick.
 */

/** Letters NFD does not take apart. */
const LETTERS: Readonly<Record<string, string>> = Object.freeze({
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
});

/** The text without accents, apostrophes or case, its spaces collapsed. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øłđħıßæœþ]/g, (ch) => LETTERS[ch] ?? ch)
    .replace(/['’`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name made ready to be matched many times: folded, and its words. */
export interface FoldedName {
  whole: string;
  words: readonly string[];
}

/** Folds a name once (for a list searched again and again). */
export function foldedName(name: string): FoldedName {
  const whole = foldName(name);
  return { whole, words: whole.split(/[\s-]+/).filter(Boolean) };
}

/** Shortest name word a slip is forgiven in, and shortest typed word matched as the start of a name with a slip. */
const SLIP_FROM = 5;

/**
 * True when `a` and `b` are the same but for at most one letter changed, missing, extra, or two neighbours swapped
 * (a Damerau–Levenshtein distance of at most 1, found in one pass).
 */
export function withinOneSlip(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length || i === b.length) return true; // equal, or one letter more at the end
  const rest = (x: number, y: number) => a.slice(x) === b.slice(y);
  if (a.length > b.length) return rest(i + 1, i);
  if (b.length > a.length) return rest(i, i + 1);
  return rest(i + 1, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(i + 2, i + 2));
}

/** A typed word a slip is forgiven in: letters only (not a piece of a phone number or an e-mail). */
const LETTERS_ONLY = /^\p{L}+$/u;

/** Whether one typed word (folded) finds a name word. */
function wordFinds(typed: string, word: string): boolean {
  if (word.length < SLIP_FROM || !LETTERS_ONLY.test(typed)) return false;
  // The whole word with a slip, or (while typing on) its start with a slip.
  if (typed.length >= SLIP_FROM - 1 && withinOneSlip(typed, word)) return true;
  if (typed.length < SLIP_FROM) return false;
  for (let len = typed.length - 1; len <= typed.length + 1 && len < word.length; len++)
    if (withinOneSlip(typed, word.slice(0, len))) return true;
  return false;
}

/** The typed words of a search (folded); none for an empty one. */
export function typedWords(query: string): string[] {
  return foldName(query).split(' ').filter(Boolean);
}

/** Whether every typed word is in the name (a part of it), or finds a name word with one slip. */
export function nameFinds(typed: readonly string[], name: FoldedName): boolean {
  return (
    typed.length > 0 && typed.every((t) => name.whole.includes(t) || name.words.some((word) => wordFinds(t, word)))
  );
}
