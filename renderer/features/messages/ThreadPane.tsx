/**
 * One thread: who it is with (and the appointment it is about), the texts oldest first — the patient's on the left,
 * ours on the right, each with its time and delivery in plain words — the texts not sent yet, and the reply box.
 * Without permission to send, the thread is read-only and offers "Grant access".
 */
import { useEffect, useRef } from 'react';
import { textsOffReason } from '../../lib/words';
import { useConsentStore } from '../../stores/consent-store';
import type { MessageView, ThreadDetail } from '../../../common/contract';
import { PermissionNeeded } from '../../components/PermissionNeeded';
import { ReadStatus } from '../../components/ReadStatus';
import { usePracticeZone } from '../../lib/practice-time';
import { useAppStore } from '../../stores/app-store';
import { useMessagesStore } from '../../stores/messages-store';
import { openAppointment } from './open-appointment';
import { PendingTexts } from './PendingTexts';
import { firstNameOf } from './quick-text-fill';
import { QuickTextMenu } from './QuickTextMenu';
import { ReplyBox } from './ReplyBox';
import { messageTime } from './message-time';
import { threadName } from './ThreadList';

const MEANING_WORDS = { confirm: 'Confirms the appointment', cancel: 'Wants to cancel' } as const;

function Message({ m, who, zone }: { m: MessageView; who: string; zone: string }) {
  return (
    <li className={`message message-${m.direction}`} data-testid="message" data-direction={m.direction}>
      <span className="message-meta">
        {m.direction === 'in' ? `${who} wrote` : 'You sent'} · {messageTime(m.at, zone)}
        {m.direction === 'out' && m.status ? ` · ${m.status}` : ''}
      </span>
      <span className="message-text">{m.text}</span>
      {m.meaning && (
        <span className={`badge badge-${m.meaning === 'cancel' ? 'bad' : 'good'}`}>{MEANING_WORDS[m.meaning]}</span>
      )}
    </li>
  );
}

function Reply({ detail, canSend }: { detail: ThreadDetail; canSend: boolean }) {
  const id = detail.thread.id;
  const draft = useMessagesStore((s) => s.drafts[id] ?? '');
  const sendError = useMessagesStore((s) => (s.sendError?.threadId === id ? s.sendError.error : null));
  const { setDraft, reply } = useMessagesStore.getState();
  const name = threadName(detail.thread);
  // A patient who asked not to be texted: the reply is off, with the reason above it.
  const phone = detail.thread.channel === 'sms' ? detail.thread.phone : '';
  const off = textsOffReason(useConsentStore((s) => (phone ? s.byPhone[phone] : undefined)));
  useEffect(() => {
    if (canSend && phone) void useConsentStore.getState().ask([phone]);
  }, [canSend, phone]);
  if (!canSend)
    return (
      <PermissionNeeded
        message="You can read these texts, but Frontdesk was not given permission to send texts."
        scope="messaging:send"
      />
    );
  return (
    <div className="thread-reply">
      {sendError &&
        (sendError.code === 'insufficient_scope' && sendError.requiredScope ? (
          <PermissionNeeded message={sendError.message} scope={sendError.requiredScope} />
        ) : (
          <p className="notice notice-error" role="alert">
            {sendError.message}
          </p>
        ))}
      {off && (
        <p className="muted" id={`reply-off-${id}`} data-testid="texts-off">
          {off}
        </p>
      )}
      <ReplyBox
        disabled={off !== null}
        label={`Reply to ${name}`}
        text={draft}
        onTextChange={(t) => setDraft(id, t)}
        onSend={(t) => reply(id, t)}
        extra={
          <QuickTextMenu
            values={{ firstName: firstNameOf(detail.thread.name) }}
            onPick={(t) => setDraft(id, draft.trim() ? `${draft.trimEnd()} ${t}` : t)}
          />
        }
      />
    </div>
  );
}

/** The open thread (or a hint to choose one). */
export function ThreadPane({ canSend }: { canSend: boolean }) {
  const detail = useMessagesStore((s) => s.detail);
  const selectedId = useMessagesStore((s) => s.selectedId);
  const loading = useMessagesStore((s) => s.detailLoading);
  const error = useMessagesStore((s) => s.detailError);
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  const zone = usePracticeZone();
  const end = useRef<HTMLDivElement>(null);
  const count = (detail?.messages.length ?? 0) + (detail?.pending.length ?? 0);
  useEffect(() => {
    // (Newer browsers return a promise from scrollIntoView: it must not become the effect's cleanup.)
    void end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count, selectedId]);
  // Read once shown: the unread count goes down when the thread is on screen.
  const listed = useMessagesStore((s) => s.list?.threads.find((x) => x.id === s.selectedId)?.unread ?? 0);
  const unread = Math.max(detail?.thread.unread ?? 0, listed);
  const shownId = detail?.thread.id;
  useEffect(() => {
    if (shownId !== undefined && unread > 0 && document.visibilityState === 'visible')
      void useMessagesStore.getState().markRead(shownId);
  }, [shownId, unread]);
  if (selectedId === null)
    return <div className="thread-pane thread-pane-empty muted">Choose a thread to read it.</div>;
  if (!detail || detail.thread.id !== selectedId)
    return (
      <div className="thread-pane">
        {error ? (
          <p className="notice notice-error" role="alert">
            {error.message}
          </p>
        ) : (
          <p className="muted">Opening…</p>
        )}
      </div>
    );
  const t = detail.thread;
  const name = threadName(t);
  return (
    <section className="thread-pane" aria-labelledby="thread-title" data-testid="thread" data-id={t.id}>
      <header className="thread-head">
        <h3 id="thread-title">{name}</h3>
        <span className="muted">{[t.name ? t.phoneDisplay : '', t.email].filter(Boolean).join(' · ')}</span>
        {t.eventId !== null && (
          <button type="button" className="link-button" onClick={() => void openAppointment(t.eventId!)}>
            Open the appointment
          </button>
        )}
      </header>
      <ReadStatus
        data={detail}
        loading={loading}
        error={error}
        online={online}
        what="texts"
        unavailableText="These texts could not be read."
        testId="thread-status"
        retry={() => void useMessagesStore.getState().reloadDetail()}
      />
      <div className="thread-scroll">
        {detail.messages.length === 0 && detail.pending.length === 0 && <p className="muted">No texts yet.</p>}
        <ol className="message-list" aria-label={`Texts with ${name}`}>
          {detail.messages.map((m) => (
            <Message key={m.id} m={m} who={t.name ? firstNameOf(t.name) : 'Patient'} zone={zone} />
          ))}
        </ol>
        <PendingTexts texts={detail.pending} />
        <div ref={end} />
      </div>
      <Reply detail={detail} canSend={canSend} />
    </section>
  );
}
