/** What became of the last change saved here, in plain words, following it through the outbox. */
import type { ChangeKind } from '../../../common/contract';
import { useAppStore } from '../../stores/app-store';
import { useContactsStore } from '../../stores/contacts-store';

type ContactKind = Extract<ChangeKind, `contact.${string}`>;

const DONE: Record<ContactKind, (name: string) => string> = {
  'contact.create': (n) => `Added ${n}.`,
  'contact.update': (n) => `Saved the changes to ${n}.`,
  'contact.delete': (n) => `Deleted ${n}.`,
};

const WAITING: Record<ContactKind, (name: string) => string> = {
  'contact.create': (n) => `${n} is saved on this computer and will be added as soon as the service answers.`,
  'contact.update': (n) =>
    `The changes to ${n} are saved on this computer and will be sent as soon as the service answers.`,
  'contact.delete': (n) => `${n} will be deleted as soon as the service answers.`,
};

/** The notice under the search box after Add, Save or Delete. */
export function SavedNotice() {
  const saved = useContactsStore((s) => s.saved);
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  if (!saved || !saved.item.kind.startsWith('contact.')) return null;
  const { item } = saved;
  const kind = item.kind as ContactKind;
  const name = saved.name || 'the contact';
  const words =
    item.status === 'done'
      ? DONE[kind](name)
      : item.status === 'needs_attention'
        ? `Not saved: ${item.error ?? 'the service refused this change.'} The change is kept in the Outbox.`
        : online && item.attempts === 0
          ? 'Saving…'
          : WAITING[kind](name);
  return (
    <p
      className={`notice ${item.status === 'needs_attention' ? 'notice-error' : 'notice-info'}`}
      role="status"
      data-testid="contacts-flash"
      data-status={item.status}
    >
      {words}
    </p>
  );
}
