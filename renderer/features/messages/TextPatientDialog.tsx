/**
 * "Text patient" from an appointment or a contact: a quick text filled with the patient's first name and the
 * appointment's time (or a text of one's own), counted as it is typed, sent once through the outbox. The dialog says
 * what became of it: sent, not sent yet (it goes when the service answers), or refused (e.g. the patient opted out).
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog';
import type { IpcError, OutboxItem } from '../../../common/contract';
import { PermissionNeeded } from '../../components/PermissionNeeded';
import { timeInZone, usePracticeZone } from '../../lib/practice-time';
import { useMessagesStore } from '../../stores/messages-store';
import { openThread } from '../../stores/messages-events';
import { firstNameOf } from './quick-text-fill';
import { QuickTextMenu } from './QuickTextMenu';
import { ReplyBox } from './ReplyBox';
import { sentWords, useLatestItems } from './use-sent-item';
import './messages.css';

/** Who the text is for, and the appointment it is about. */
export interface TextRecipient {
  name: string;
  phone: string;
  /** How to show the phone (as typed when not given). */
  phoneDisplay?: string | undefined;
  contactId?: number | null | undefined;
  eventId?: number | null | undefined;
  /** The appointment's start (ISO), for {time}. */
  start?: string | undefined;
}

/** The dialog. */
export function TextPatientDialog({ to, text: first, onClose }: { to: TextRecipient; text?: string; onClose(): void }) {
  const zone = usePracticeZone();
  // `first`: a text already filled in (about a move's new time), to read and change before it is sent.
  const [text, setText] = useState(first ?? '');
  const [sent, setSent] = useState<OutboxItem | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const name = to.name || to.phoneDisplay || to.phone;
  const send = async (t: string) => {
    const r = await useMessagesStore.getState().start({
      phone: to.phone,
      ...(to.contactId ? { contactId: to.contactId } : {}),
      ...(to.name ? { name: to.name } : {}),
      ...(to.eventId && to.eventId > 0 ? { eventId: to.eventId } : {}),
      text: t,
    });
    if (!r.ok) {
      setError(r.error);
      return false;
    }
    setError(null);
    setSent(r.item);
    return true;
  };
  const latest = useLatestItems(sent ? [sent] : [])[0] ?? null;
  const result = latest ? sentWords(latest) : null;
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Text ${name}`}
      className="text-patient"
      testId="text-patient"
    >
      <p className="muted">To {to.phoneDisplay || to.phone}</p>
      {result ? (
        <p
          className={`notice ${result.tone === 'bad' ? 'notice-error' : 'notice-info'}`}
          role={result.tone === 'bad' ? 'alert' : 'status'}
          data-testid="text-outcome"
        >
          {result.words}
        </p>
      ) : (
        <>
          <ReplyBox
            label="Message"
            sendLabel="Send text"
            text={text}
            onTextChange={setText}
            onSend={send}
            extra={
              <QuickTextMenu
                values={{
                  firstName: firstNameOf(to.name),
                  time: to.start ? timeInZone(to.start, zone) : undefined,
                }}
                onPick={setText}
              />
            }
          />
        </>
      )}
      {error &&
        (error.code === 'insufficient_scope' && error.requiredScope ? (
          <PermissionNeeded message={error.message} scope={error.requiredScope} />
        ) : (
          <p className="notice notice-error" role="alert">
            {error.message}
          </p>
        ))}
      <div className="dialog-actions">
        {latest?.result?.id && (
          <Button
            className="secondary-button"
            onPress={() => {
              onClose();
              openThread(latest.result!.id!);
            }}
          >
            Open in Messages
          </Button>
        )}
        <Button className="secondary-button" onPress={onClose}>
          {sent ? 'Close' : 'Cancel'}
        </Button>
      </div>
    </AppDialog>
  );
}
