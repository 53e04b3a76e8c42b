/**
 * The "Find a patient" dialog: a search field over a list of matches (react-aria Autocomplete: arrow keys move
 * through the list while typing goes on in the field); Enter opens the contact (the first match when none is
 * highlighted), each match says their next appointment. "Add … to waitlist" puts the highlighted match (the first when
 * none is) on the waitlist without opening their page; the button names who it adds.
 */
import { useCallback, useState, type KeyboardEvent } from 'react';
import { Autocomplete, Heading, Input, Label, ListBox, ListBoxItem, SearchField } from 'react-aria-components';
import type { ContactView } from '../../../common/contract';
import { AppDialog } from '../../components/Dialog';
import { keyWordsOf, matchesKeys } from '../../lib/actions';
import { dateTimeLabelled, usePracticeZone, zoneOfItem } from '../../lib/practice-time';
import { useContactDetailsStore } from '../../stores/contact-details-store';
import { useFinderStore } from '../../stores/finder-store';
import { useWaitlistStore } from '../../stores/waitlist-store';
import { closeDialog, finderChoose, finderOpen } from './shortcuts';
import './shell.css';
import { useShallow } from 'zustand/react/shallow';

const primary = <T extends { primary: boolean }>(items: T[]) => items.find((i) => i.primary) ?? items[0];

function openContact(contact: ContactView): void {
  useFinderStore.getState().hide();
  useContactDetailsStore.getState().open(contact);
}

/** Puts a match on the waitlist (the Waitlist screen opens with them filled in); a match with no phone cannot be. */
function addToWaitlist(contact: ContactView): void {
  const phone = primary(contact.phones);
  if (!phone) return;
  useFinderStore.getState().hide();
  useWaitlistStore.getState().startAdd({
    name: contact.name,
    phone: phone.display || phone.number,
    ...(contact.id !== null ? { contactId: contact.id } : {}),
  });
}

/** The match the list highlights now (react-aria points the field at it), by its key; null when none is. */
function highlightedKey(input: HTMLInputElement): string | null {
  const id = input.getAttribute('aria-activedescendant');
  return (id && document.getElementById(id)?.getAttribute('data-key')) || null;
}

function Match({ contact, zone }: { contact: ContactView; zone: string }) {
  const next = useFinderStore((s) => s.next[contact.key]);
  const phone = primary(contact.phones);
  const email = primary(contact.emails);
  return (
    <ListBoxItem
      id={contact.key}
      textValue={contact.name}
      className="finder-item"
      onAction={() => openContact(contact)}
    >
      <span className="finder-name">{contact.name || '(no name)'}</span>
      <span className="finder-meta">
        {[phone?.display || phone?.number, email?.address].filter(Boolean).join(' · ') || 'No phone or e-mail'}
      </span>
      <span className="finder-next">
        {next === undefined
          ? ''
          : next
            ? `Next: ${dateTimeLabelled(next.start, zoneOfItem(next, zone))} — ${next.title}${next.calendarName ? `, ${next.calendarName}` : ''}`
            : 'No appointment in the coming month'}
      </span>
    </ListBoxItem>
  );
}

/** The dialog (mounted once by the shell; shown while the finder is open). */
export function FindPatient() {
  const { isOpen, query, results, loading, error, shownFor } = useFinderStore(
    useShallow(({ isOpen, query, results, loading, error, shownFor }) => ({
      isOpen,
      query,
      results,
      loading,
      error,
      shownFor,
    })),
  );
  const { hide, type } = useFinderStore.getState();
  const zone = usePracticeZone();
  // The match highlighted by the arrow keys, for "Add … to waitlist" (the first match when none is). Followed as
  // react-aria moves it, by a key or when the list changes under it (the service's answer refining the kept matches
  // keeps or drops the highlighted one): read at a key alone, it went stale when the list changed after the key.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const followHighlight = useCallback((input: HTMLInputElement | null) => {
    if (!input) return;
    const read = () => setHighlighted(highlightedKey(input));
    const moves = new MutationObserver(read);
    moves.observe(input, { attributes: true, attributeFilter: ['aria-activedescendant'] });
    read();
    return () => moves.disconnect();
  }, []);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Esc closes, as the hint says (the search field alone would first empty itself).
    if (matchesKeys(closeDialog, e)) {
      e.preventDefault();
      return hide();
    }
    // Enter with no match highlighted opens the first one.
    if (matchesKeys(finderOpen, e) && !e.currentTarget.getAttribute('aria-activedescendant') && results[0]) {
      e.preventDefault();
      openContact(results[0]);
    }
  };
  if (!isOpen) return null;
  const settled = shownFor === query && !loading;
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => !open && hide()}
      labelledBy="finder-title"
      className="finder"
      testId="finder"
    >
      <Heading slot="title" id="finder-title">
        Find a patient
      </Heading>
      <Autocomplete inputValue={query} onInputChange={type}>
        <SearchField className="field" autoFocus>
          <Label className="field-label">Name, phone or e-mail</Label>
          <Input
            placeholder="e.g. Jane Doe, (708) 555-0120, jane@example.com"
            onKeyDown={onKey}
            ref={followHighlight}
          />
        </SearchField>
        <ListBox
          aria-label="Patients found"
          className="finder-list"
          items={results}
          data-settled={settled ? 'true' : 'false'}
          renderEmptyState={() => (
            <p className="muted finder-empty">
              {!query.trim()
                ? 'Type a name, a phone number in any format, or an e-mail.'
                : loading || shownFor !== query
                  ? 'Looking…'
                  : error
                    ? error.message
                    : `No patients match “${query.trim()}”.`}
            </p>
          )}
        >
          {(contact) => <Match contact={contact} zone={zone} />}
        </ListBox>
      </Autocomplete>
      {/* Kept in view under a long list: who the button adds, and the keys. */}
      <div className="finder-foot">
        <WaitlistButton who={results.find((c) => c.key === highlighted) ?? results[0]} />
        <p className="muted finder-hint">
          {keyWordsOf(finderChoose)} to choose, {keyWordsOf(finderOpen)} to open, {keyWordsOf(closeDialog)} to close.
        </p>
      </div>
    </AppDialog>
  );
}

/** "Add Maria Garcia to waitlist": the highlighted match, or the first; says why when they have no phone. */
function WaitlistButton({ who }: { who: ContactView | undefined }) {
  if (!who) return null;
  const name = who.name || 'this patient';
  const hasPhone = who.phones.length > 0;
  return (
    <div className="finder-actions">
      <button
        type="button"
        className="secondary-button"
        data-testid="finder-waitlist"
        disabled={!hasPhone}
        aria-describedby={hasPhone ? undefined : 'finder-waitlist-why'}
        onClick={() => addToWaitlist(who)}
      >
        Add {name} to waitlist
      </button>
      {!hasPhone && (
        <span id="finder-waitlist-why" className="muted">
          The waitlist texts openings: add a phone on their page first.
        </span>
      )}
    </div>
  );
}
