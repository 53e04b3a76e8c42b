/**
 * Bottom bar: the service's live connection state with a "Check now" button. Online and signed in, it says when this
 * desk last heard from the service ("Up to date · 2:41 PM"): the schedule's last refresh (every 10 s while it is open)
 * or the last check, whichever is later.
 */
import { useAppStore } from '../stores/app-store';
import { useAuthStore } from '../stores/auth-store';
import { useNavStore } from '../stores/nav-store';
import { useOutboxStore } from '../stores/outbox-store';
import { useScheduleSyncStore } from '../stores/schedule-sync-store';
import { labelledTime, usePracticeZone } from '../lib/practice-time';
import { mayNotHaveBeenSent } from '../lib/outbox-words';
import { changeCount } from '../lib/words';

/** Shows online/offline from main's probe, never from the browser's own flag; its times on the practice's clock. */
export function StatusBar() {
  const connectivity = useAppStore((s) => s.connectivity);
  const checking = useAppStore((s) => s.checking);
  const checkNow = useAppStore((s) => s.checkNow);
  const state = connectivity?.state ?? 'checking';
  const signedIn = useAuthStore((s) => s.status?.state === 'signed_in');
  const { queued, needsAttention } = useOutboxStore((s) => s.summary);
  const keptAside = useOutboxStore((s) => s.summary.keptAside);
  const cannotOpen = useOutboxStore((s) => Boolean(s.summary.cannotOpen));
  const retryNow = useOutboxStore((s) => s.retryNow);
  const zone = usePracticeZone();
  const syncedAt = useScheduleSyncStore((s) => s.syncedAt);
  const heardAt = Math.max(connectivity?.checkedAt ?? 0, syncedAt);
  let text = 'Checking the connection…';
  if (state === 'online')
    text =
      signedIn && heardAt > 0
        ? `${queued > 0 || needsAttention > 0 ? 'Online' : 'Up to date'} · ${labelledTime(heardAt, zone)}`
        : 'Online';
  if (state === 'offline') {
    const since = connectivity?.offlineSince;
    text = since ? `Offline since ${labelledTime(since, zone)}` : 'Offline';
  }
  return (
    <footer className="status-bar" data-testid="status-bar">
      <span className={`status-dot status-${state}`} aria-hidden="true" />
      <span data-testid="connectivity" data-state={state} role="status" aria-live="polite">
        {text}
      </span>
      {state === 'offline' && connectivity?.reason && <span className="status-reason">— {connectivity.reason}</span>}
      {signedIn && (queued > 0 || needsAttention > 0) && (
        <span className="status-queue" data-testid="queue-status">
          {queued > 0 && <span>{changeCount('queued', queued)}</span>}
          {needsAttention > 0 && (
            <span className="status-attention">{changeCount('needs_attention', needsAttention)}</span>
          )}
          {queued > 0 && (
            <button type="button" className="link-button" onClick={() => void retryNow()}>
              Retry now
            </button>
          )}
        </span>
      )}
      {cannotOpen ? (
        <span className="status-attention" data-testid="outbox-cannot-open-status">
          Cannot read the changes waiting
        </span>
      ) : (
        keptAside && (
          <button
            type="button"
            className="link-button status-attention"
            data-testid="kept-aside-status"
            onClick={() => useNavStore.getState().go('outbox')}
          >
            {mayNotHaveBeenSent(keptAside.count, keptAside.unsure)}
          </button>
        )
      )}
      <button type="button" className="link-button status-check" onClick={() => void checkNow()} disabled={checking}>
        {checking ? 'Checking…' : 'Check now'}
      </button>
    </footer>
  );
}
