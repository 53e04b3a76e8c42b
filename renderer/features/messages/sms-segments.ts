/**
 * How many text messages (SMS segments) a reply takes, as phones and carriers count them: GSM-7 when every character
 * is in the GSM 03.38 alphabet (160 in one message, 153 per part once split; the extension characters such as € and {
 * take two places), otherwise UCS-2 (70 in one, 67 per part; an emoji takes two places). A character is never split
 * between two parts.
 */

/** GSM 03.38 basic alphabet (one septet each). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 extension table (an escape plus one septet: two places). */
const GSM_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

/** The most a reply may hold (the service's limit, in the same units it counts: UTF-16 code units). */
export const MAX_MESSAGE_LENGTH = 1600;

/** What the counter shows. */
export interface SegmentCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the service counts them. */
  characters: number;
  /** Text messages it takes (0 for an empty reply). */
  segments: number;
  /** Places left in the last message before another one starts. */
  remainingInSegment: number;
}

/** Places each character takes in its encoding, in order (never split between parts). */
function widths(text: string): { encoding: SegmentCount['encoding']; units: number[] } {
  const chars = [...text];
  if (chars.every((c) => basic.has(c) || extension.has(c)))
    return { encoding: 'GSM-7', units: chars.map((c) => (extension.has(c) ? 2 : 1)) };
  return { encoding: 'UCS-2', units: chars.map((c) => c.length) };
}

/** Counts the characters and SMS segments of a reply. */
export function countSegments(text: string): SegmentCount {
  const { encoding, units } = widths(text);
  const single = encoding === 'GSM-7' ? 160 : 70;
  const part = encoding === 'GSM-7' ? 153 : 67;
  const total = units.reduce((a, b) => a + b, 0);
  if (total === 0) return { encoding, characters: 0, segments: 0, remainingInSegment: single };
  if (total <= single) return { encoding, characters: text.length, segments: 1, remainingInSegment: single - total };
  let segments = 1;
  let used = 0;
  for (const u of units) {
    if (used + u > part) {
      segments += 1;
      used = 0;
    }
    used += u;
  }
  return { encoding, characters: text.length, segments, remainingInSegment: part - used };
}
