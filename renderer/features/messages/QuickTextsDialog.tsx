/**
 * The practice's quick texts, edited in a dialog and kept through main (they stay across restarts and are the same
 * for everyone on this workstation). {first name}, {time} and {minutes} are filled in when a text is used.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog';
import type { IpcError } from '../../../common/contract';
import { useMessagesStore } from '../../stores/messages-store';
import { useQuickTexts } from './QuickTextMenu';
import { MAX_MESSAGE_LENGTH } from './sms-segments';

const MAX_QUICK_TEXTS = 20;

/** The dialog; nothing is kept until "Save". */
export function QuickTextsDialog({ onClose }: { onClose(): void }) {
  const saved = useQuickTexts();
  const [texts, setTexts] = useState<string[]>(saved);
  const [problem, setProblem] = useState<{ index: number; text: string } | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const kept = texts.map((t) => t.trim()).filter(Boolean);
    // Placeholders stay as they are here: they are filled when a text is used.
    const bad = texts.findIndex((t) => t.length > MAX_MESSAGE_LENGTH);
    if (bad >= 0)
      return setProblem({
        index: bad,
        text: `A text can hold at most 1,600 characters; this one has ${texts[bad]!.length}.`,
      });
    setSaving(true);
    const e = await useMessagesStore.getState().saveQuickTexts(kept);
    setSaving(false);
    if (e) setError(e);
    else onClose();
  };
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Quick texts"
      className="quick-texts"
      testId="quick-texts"
    >
      <p className="muted">
        Write {'{first name}'}, {'{time}'} or {'{minutes}'} where the patient’s first name, their appointment time or
        the delay should go.
      </p>
      <ol className="quick-text-list">
        {texts.map((t, i) => (
          <li key={i} className="quick-text-row">
            <div className="field">
              <label className="field-label" htmlFor={`quick-text-${i}`}>
                Quick text {i + 1}
              </label>
              <textarea
                id={`quick-text-${i}`}
                rows={2}
                value={t}
                aria-invalid={problem?.index === i ? true : undefined}
                aria-describedby={problem?.index === i ? 'quick-text-problem' : undefined}
                onChange={(e) => setTexts(texts.map((x, j) => (j === i ? e.target.value : x)))}
              />
              {problem?.index === i && (
                <span id="quick-text-problem" className="field-error">
                  {problem.text}
                </span>
              )}
            </div>
            <button
              type="button"
              className="link-button link-danger"
              onClick={() => setTexts(texts.filter((_, j) => j !== i))}
            >
              Remove quick text {i + 1}
            </button>
          </li>
        ))}
      </ol>
      {texts.length < MAX_QUICK_TEXTS && (
        <button type="button" className="secondary-button" onClick={() => setTexts([...texts, ''])}>
          Add a quick text
        </button>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="dialog-actions">
        <Button className="secondary-button" onPress={onClose}>
          Cancel
        </Button>
        <Button className="primary-button" isDisabled={saving} onPress={() => void save()}>
          Save
        </Button>
      </div>
    </AppDialog>
  );
}
