/**
 * A contact's text-message consent in plain words ("Texts: allowed", "Texts: stopped — the patient asked on 3 Dec"),
 * and "Stop texting this patient": confirmed first, then queued like any change (waiting to sync offline, undone while
 * it waits).
 */
import { useEffect, useState } from 'react';
import type { ContactView, TextConsent } from '../../../common/contract';
import { ConfirmDialog } from '../../components/Dialog';
import { usePracticeZone } from '../../lib/practice-time';
import { CHANGE_WORDS, consentWords } from '../../lib/words';
import { useAppStore } from '../../stores/app-store';
import { useAuthStore } from '../../stores/auth-store';
import { useConsentStore } from '../../stores/consent-store';
import { useShallow } from 'zustand/react/shallow';

/** The contact's phones as the service keeps them (E.164 when known). */
export const phonesOf = (c: ContactView): string[] =>
  [...new Set(c.phones.map((p) => p.normalized || p.number).filter(Boolean))].slice(0, 5);

/** One consent for the contact: a stopped phone stops them all, else the main phone's. */
export function contactConsent(byPhone: Record<string, TextConsent>, phones: string[]): TextConsent | undefined {
  const known = phones.map((p) => byPhone[p]).filter((c): c is TextConsent => c !== undefined);
  return known.find((c) => c.state === 'stopped') ?? known.find((c) => c.state === 'not_opted_in') ?? known[0];
}

/** The "Texts" line of the contact's page, with "Stop texting this patient". */
export function ContactConsent({ contact, disabled }: { contact: ContactView; disabled: boolean }) {
  const phones = phonesOf(contact);
  const key = phones.join('|');
  const { byPhone, unknownWhy, stopError, ask, stop, undo } = useConsentStore(
    useShallow(({ byPhone, unknownWhy, stopError, ask, stop, undo }) => ({
      byPhone,
      unknownWhy,
      stopError,
      ask,
      stop,
      undo,
    })),
  );
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  const canWrite = useAuthStore((s) => Boolean(s.status?.grantedScopes.includes('lists:write')));
  const zone = usePracticeZone();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (key) void ask(key.split('|'));
  }, [key, online, ask]);
  if (phones.length === 0) return null;
  const consent = contactConsent(byPhone, phones);
  const waiting = consent?.waiting ?? null;
  return (
    <section className="contact-consent" aria-label="Text messages" data-testid="contact-consent">
      <p className="contact-consent-line">
        <span data-testid="consent-words" data-state={consent?.state ?? 'unknown'}>
          {consentWords(consent, unknownWhy, zone)}
        </span>
        {waiting && (
          <span className={`badge badge-${CHANGE_WORDS[waiting.status].tone}`} data-testid="consent-waiting">
            {CHANGE_WORDS[waiting.status].word}
          </span>
        )}
      </p>
      <div className="button-row">
        {waiting && waiting.status === 'queued' && (
          <button type="button" className="secondary-button" onClick={() => void undo(waiting.id)}>
            Undo
          </button>
        )}
        {canWrite && consent?.state !== 'stopped' && (
          <button type="button" className="secondary-button" disabled={disabled} onClick={() => setConfirming(true)}>
            Stop texting this patient…
          </button>
        )}
      </div>
      {stopError && (
        <p className="notice notice-error" role="alert">
          {stopError.message}
        </p>
      )}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={`Stop texting ${contact.name || 'this patient'}?`}
        keepLabel="Keep texting"
        confirmLabel="Stop texting"
        tone="primary"
        onConfirm={() => void stop(phones, contact.name)}
        testId="stop-texting-confirm"
      >
        <p>
          {phones.length === 1 ? 'Their number goes' : 'Their numbers go'} onto the practice’s opt-out list: no one here
          or at the service can text them until they are taken off it.
        </p>
      </ConfirmDialog>
    </section>
  );
}
