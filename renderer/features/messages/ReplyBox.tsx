/**
 * Where a text is written: the count of characters (1–1,600) and of text messages it takes, said as it is typed; a
 * problem is said next to the field and nothing is sent; what was typed stays until the text is accepted.
 * The send action's keys (features/shell/shortcuts.ts, while the box has focus) send; Enter starts a new line.
 */
import { useId, useState, type ReactNode } from 'react';
import { keyWordsOf } from '../../lib/actions';
import { REPLY_FORM, sendReply } from '../shell';
import { countSegments, MAX_MESSAGE_LENGTH } from './sms-segments';
import { CHANGE_WORDS } from '../../lib/words';

const thousands = new Intl.NumberFormat('en-US');

/** "42 of 1,600 characters · 1 text message". */
function counterWords(text: string): string {
  const c = countSegments(text);
  const parts = c.segments === 1 ? '1 text message' : `${c.segments} text messages`;
  const special = c.encoding === 'UCS-2' && c.characters > 0 ? ' (special characters: 70 a message)' : '';
  return `${thousands.format(c.characters)} of ${thousands.format(MAX_MESSAGE_LENGTH)} characters · ${parts}${special}`;
}

/** The problem with a text, in plain words, or null when it can be sent. */
export function replyProblem(text: string): string | null {
  if (!text.trim()) return 'Write the message first.';
  const left = /\{\s*(first[\s_-]*name|name|time|minutes)\s*\}/i.exec(text);
  if (left) return `Write the ${left[1]!.toLowerCase().replace(/[\s_-]+/g, ' ')} in place of ${left[0]} first.`;
  if (text.length > MAX_MESSAGE_LENGTH)
    return `The message is ${thousands.format(text.length)} characters; a text can hold at most ${thousands.format(MAX_MESSAGE_LENGTH)}. Shorten it by ${thousands.format(text.length - MAX_MESSAGE_LENGTH)}.`;
  return null;
}

/** Props: what the box is for, and what sending does (resolves true when the text was accepted). */
export interface ReplyBoxProps {
  label: string;
  sendLabel?: string;
  /** Text to start with (a quick text); the box keeps its own copy as it is edited. */
  text: string;
  onTextChange(text: string): void;
  onSend(text: string): Promise<boolean>;
  disabled?: boolean;
  /** Shown at the start of the button row (the quick-text menu). */
  extra?: ReactNode;
}

/** The reply field, its counter and the Send button. */
export function ReplyBox({ label, sendLabel = 'Send', text, onTextChange, onSend, disabled, extra }: ReplyBoxProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (disabled) return;
    const p = replyProblem(text);
    setProblem(p);
    if (p || sending) return;
    setSending(true);
    try {
      if (await onSend(text)) onTextChange('');
    } finally {
      setSending(false);
    }
  };
  const over = text.length > MAX_MESSAGE_LENGTH;
  return (
    <form
      className="reply-box"
      {...{ [REPLY_FORM]: '' }}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor={`${id}-text`}>
          {label}
        </label>
        <textarea
          id={`${id}-text`}
          rows={3}
          value={text}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${problem ? `${id}-problem ` : ''}${id}-count`}
          onChange={(e) => {
            onTextChange(e.target.value);
            if (problem) setProblem(replyProblem(e.target.value));
          }}
        />
        {problem && (
          <span id={`${id}-problem`} className="field-error" role="alert">
            {problem}
          </span>
        )}
        <span id={`${id}-count`} className={`reply-count${over ? ' reply-count-over' : ''}`} data-testid="reply-count">
          {counterWords(text)}
        </span>
      </div>
      <div className="reply-actions">
        {extra && <span className="reply-extra">{extra}</span>}
        <span className="muted reply-hint">{keyWordsOf(sendReply)} sends</span>
        <button type="submit" className="primary-button" disabled={disabled || sending}>
          {sending ? CHANGE_WORDS.sending.word : sendLabel}
        </button>
      </div>
    </form>
  );
}
