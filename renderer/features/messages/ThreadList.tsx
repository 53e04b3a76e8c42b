/**
 * The threads, most recent first: the patient's name (or phone), the last text, its time and how many are unread.
 * The search narrows them by name or by phone typed in any format. Arrow keys move through the list; Enter or a
 * click opens a thread.
 */
import { Input, Label, ListBox, ListBoxItem, SearchField } from 'react-aria-components';
import type { ThreadSummary } from '../../../common/contract';
import { usePracticeZone } from '../../lib/practice-time';
import { useMessagesStore } from '../../stores/messages-store';
import { listTime } from './message-time';
import { matchesThread } from './thread-search';

/** The name to show for a thread: the patient's, else the phone, else the e-mail. */
export function threadName(t: Pick<ThreadSummary, 'name' | 'phoneDisplay' | 'email'>): string {
  return t.name || t.phoneDisplay || t.email || 'Unknown sender';
}

function Row({ thread, zone }: { thread: ThreadSummary; zone: string }) {
  const last = thread.lastMessage;
  const name = threadName(thread);
  return (
    <ListBoxItem
      id={thread.id}
      textValue={name}
      className={`thread-row${thread.unread > 0 ? ' thread-unread' : ''}`}
      data-testid="thread-row"
    >
      <span className="thread-top">
        <span className="thread-name">{name}</span>
        <span className="thread-time">{listTime(last?.at ?? thread.lastAt, zone)}</span>
      </span>
      <span className="thread-bottom">
        <span className="thread-last">
          {last ? `${last.direction === 'out' ? 'You: ' : ''}${last.text}` : 'No texts yet'}
        </span>
        {thread.pending > 0 && <span className="badge badge-wait">Not sent</span>}
        {thread.unread > 0 && (
          <span className="count count-new" aria-label={thread.unread === 1 ? '1 unread' : `${thread.unread} unread`}>
            {thread.unread}
          </span>
        )}
      </span>
    </ListBoxItem>
  );
}

/** The search field and the list. */
export function ThreadList() {
  const list = useMessagesStore((s) => s.list);
  const query = useMessagesStore((s) => s.query);
  const selectedId = useMessagesStore((s) => s.selectedId);
  const loading = useMessagesStore((s) => s.loading);
  const { type, select } = useMessagesStore.getState();
  const zone = usePracticeZone();
  const shown = (list?.threads ?? []).filter((t) => matchesThread(query, { name: threadName(t), phone: t.phone }));
  return (
    <div className="thread-list-pane">
      <SearchField className="field" value={query} onChange={type}>
        <Label className="field-label">Find by name or phone</Label>
        <Input placeholder="e.g. Maria Garcia or (312) 555-0120" />
      </SearchField>
      <ListBox
        aria-label="Threads"
        className="thread-list"
        data-testid="threads"
        data-loading={loading ? 'true' : 'false'}
        items={shown}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={selectedId === null ? [] : [selectedId]}
        onSelectionChange={(keys) => {
          const key = keys === 'all' ? null : [...keys][0];
          if (key !== undefined && key !== null) void select(Number(key));
        }}
        renderEmptyState={() => (
          <p className="muted thread-empty">
            {!list
              ? loading
                ? 'Looking for texts…'
                : 'No texts to show.'
              : query.trim()
                ? `No threads match “${query.trim()}”.`
                : 'No texts yet. Texts you send and patients’ replies show here.'}
          </p>
        )}
      >
        {(t) => <Row thread={t} zone={zone} />}
      </ListBox>
    </div>
  );
}
