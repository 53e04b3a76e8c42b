/** The practice's quick texts, kept in the settings of this workstation (the defaults until edited). */
import { z } from 'zod';
import { DEFAULT_QUICK_TEXTS } from '../../../common/contract';
import type { KeyValueStore } from '../platform';

const QUICK_KEY = 'messages:quick-texts';
const quickTextsSchema = z.array(z.string().min(1).max(1600)).max(20);

/** The quick texts (the defaults until edited, or when what is stored does not read as a list of them). */
export function readQuickTexts(settings: KeyValueStore): string[] {
  const stored = quickTextsSchema.safeParse(settings.get(QUICK_KEY));
  return stored.success ? stored.data : [...DEFAULT_QUICK_TEXTS];
}

/** Replaces the quick texts (trimmed; an empty list brings the defaults back) and returns them. */
export function writeQuickTexts(settings: KeyValueStore, texts: readonly string[]): string[] {
  const clean = texts.map((t) => t.trim()).filter(Boolean);
  if (clean.length === 0) settings.delete(QUICK_KEY);
  else settings.set(QUICK_KEY, clean);
  return readQuickTexts(settings);
}
