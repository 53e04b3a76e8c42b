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
  /** The name only lower-cased (as a plain search reads it). */
  lower: string;
}

/** Folds a name once (for a list searched again and again). */
export function foldedName(name: string): FoldedName {
  const whole = foldName(name);
  return { whole, words: whole.split(/[\s-]+/).filter(Boolean), lower: name.toLowerCase() };
}

/** Shortest name word a slip is forgiven in, and shortest typed word matched as the start of a name with a slip. */
const SLIP_FROM = 5;

/**
 * True when `a` and `b` (its first `bLength` letters) are the same but for at most one letter changed, missing, extra,
 * or two neighbours swapped (a Damerau–Levenshtein distance of at most 1, found in one pass, nothing copied).
 */
export function withinOneSlip(a: string, b: string, bLength = b.length): boolean {
  const aLength = a.length;
  if (Math.abs(aLength - bLength) > 1) return false;
  let i = 0;
  while (i < aLength && i < bLength && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === aLength || i === bLength) return true; // equal, or one letter more at the end
  if (aLength > bLength) return sameTail(a, i + 1, aLength, b, i);
  if (bLength > aLength) return sameTail(a, i, aLength, b, i + 1);
  return (
    sameTail(a, i + 1, aLength, b, i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && sameTail(a, i + 2, aLength, b, i + 2))
  );
}

/** Whether `a` from `x` (to `aLength`) is `b` from `y` (as many letters). */
function sameTail(a: string, x: number, aLength: number, b: string, y: number): boolean {
  for (; x < aLength; x++, y++) if (a.charCodeAt(x) !== b.charCodeAt(y)) return false;
  return true;
}

/** A typed word a slip is forgiven in: letters only (not a piece of a phone number or an e-mail). */
const LETTERS_ONLY = /^\p{L}+$/u;

/** A typed word (folded), and whether a slip may be forgiven in it. */
export interface TypedWord {
  text: string;
  slips: boolean;
}

/** Whether one typed word that may slip finds a name word. */
function wordFinds(typed: string, word: string): boolean {
  if (word.length < SLIP_FROM) return false;
  // One slip leaves one of the first two letters in place, or the two swapped or shifted by one: most words fail here.
  const [a0, a1, b0, b1] = [typed.charCodeAt(0), typed.charCodeAt(1), word.charCodeAt(0), word.charCodeAt(1)];
  if (a0 !== b0 && a1 !== b1 && a0 !== b1 && a1 !== b0) return false;
  // The whole word with a slip, or (while typing on) its start with a slip.
  if (typed.length >= SLIP_FROM - 1 && withinOneSlip(typed, word)) return true;
  if (typed.length < SLIP_FROM) return false;
  for (let len = typed.length - 1; len <= typed.length + 1 && len < word.length; len++)
    if (withinOneSlip(typed, word, len)) return true;
  return false;
}

/** The typed words of a search (folded); none for an empty one. */
export function typedWords(query: string): TypedWord[] {
  return foldName(query)
    .split(' ')
    .filter(Boolean)
    .map((text) => ({ text, slips: text.length >= SLIP_FROM - 1 && LETTERS_ONLY.test(text) }));
}

/** Whether every typed word is in the name (a part of it), or finds a name word with one slip. */
export function nameFinds(typed: readonly TypedWord[], name: FoldedName): boolean {
  return (
    typed.length > 0 &&
    typed.every((t) => name.whole.includes(t.text) || (t.slips && name.words.some((word) => wordFinds(t.text, word))))
  );
}
