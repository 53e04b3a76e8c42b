/**
 * The Messages screen: the patients' text threads beside the open one. Without permission to read texts, it says why
 * it is empty and offers "Grant access"; without permission to send, threads are read-only.
 */
import { ScreenCard } from '../../components/ScreenCard';
import { useEffect, useState } from 'react';
import { PermissionNeeded } from '../../components/PermissionNeeded';
import { ReadStatus } from '../../components/ReadStatus';
import { useAppStore } from '../../stores/app-store';
import { useAuthStore } from '../../stores/auth-store';
import { useMessagesStore } from '../../stores/messages-store';
import { QuickTextsDialog } from './QuickTextsDialog';
import { ThreadList } from './ThreadList';
import { ThreadPane } from './ThreadPane';
import './messages.css';

/** The Messages tab. */
export function MessagesView() {
  const scopes = useAuthStore((s) => s.status?.grantedScopes ?? []);
  const canRead = scopes.includes('messaging:read');
  const canSend = scopes.includes('messaging:send');
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  const list = useMessagesStore((s) => s.list);
  const loading = useMessagesStore((s) => s.loading);
  const error = useMessagesStore((s) => s.error);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!canRead) return;
    void useMessagesStore.getState().load();
    void useMessagesStore.getState().reloadDetail();
  }, [canRead, online]);
  return (
    <ScreenCard
      className="messages-screen"
      title="Messages"
      testId="messages"
      loading={loading}
      actions={
        canSend && (
          <button
            type="button"
            className="secondary-button"
            onClick={() =>
              void useMessagesStore
                .getState()
                .loadQuickTexts()
                .then(() => setEditing(true))
            }
          >
            Quick texts…
          </button>
        )
      }
    >
      {!canRead ? (
        <PermissionNeeded
          message="No texts are shown: Frontdesk was not given permission to read the patients’ text messages."
          scope="messaging:read"
        />
      ) : (
        <>
          <ReadStatus
            data={list}
            loading={loading}
            error={error}
            online={online}
            what="texts"
            unavailableText="The texts could not be read."
            testId="messages-status"
            retry={() => void useMessagesStore.getState().load()}
          />
          <div className="messages-layout">
            <ThreadList />
            <ThreadPane canSend={canSend} />
          </div>
        </>
      )}
      {editing && <QuickTextsDialog onClose={() => setEditing(false)} />}
    </ScreenCard>
  );
}
