/**
 * Texts arriving by themselves: main's `messages:*` events keep the messages store current, a new text from a patient
 * shows a desktop notification ("Maria Garcia: Running 10 min late") that opens its thread, the unread total goes on
 * the app's badge, and main is told when the window is hidden or idle so it looks for new texts less often.
 */
import { showUnreadBadge } from '../lib/app-badge';
import { notifyDesktop } from '../lib/desktop-notify';
import { frontdesk } from '../lib/frontdesk';
import { onOutboxItem } from '../lib/outbox-items';
import { onStoreChange } from '../lib/store-changes';
import { meaningsOf, useMessagesStore } from './messages-store';
import { useNavStore } from './nav-store';

/** No key press or pointer movement for this long counts as idle. */
const IDLE_AFTER_MS = 5 * 60_000;

/** Shows the Messages screen with this thread open. */
export function openThread(id: number): void {
  useNavStore.getState().go('messages');
  void useMessagesStore.getState().select(id);
}

/** True when the person is looking at this thread right now (no notification needed). */
function watching(threadId: number): boolean {
  return (
    document.visibilityState === 'visible' &&
    document.hasFocus() &&
    useNavStore.getState().screen === 'messages' &&
    useMessagesStore.getState().selectedId === threadId
  );
}

/** Tells main whether the window is in use, on every change (hidden, shown, idle, back). */
function wireActivity(): () => void {
  let active: boolean | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const report = (now: boolean) => {
    if (now === active) return;
    active = now;
    void frontdesk.invoke['messages:activity']({ visible: now });
  };
  const touched = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => report(false), IDLE_AFTER_MS);
    report(document.visibilityState === 'visible');
  };
  const onVisibility = () => (document.visibilityState === 'visible' ? touched() : report(false));
  const inputs = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;
  inputs.forEach((e) => window.addEventListener(e, touched, { passive: true }));
  document.addEventListener('visibilitychange', onVisibility);
  touched();
  return () => {
    clearTimeout(idleTimer);
    inputs.forEach((e) => window.removeEventListener(e, touched));
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Keeps the messages store in step with main; call once at start-up. */
export function wireMessageEvents(): () => void {
  const store = useMessagesStore;
  const offUnread = frontdesk.on['messages:unread'](({ unreadTotal }) => store.setState({ unreadTotal }));
  // The list is told by core as it stands (store:changed `threads`); the open thread's texts are read again.
  const offChanged = frontdesk.on['messages:changed'](({ threadIds }) => {
    const s = store.getState();
    if (s.selectedId !== null && threadIds.includes(s.selectedId)) void s.reloadDetail();
  });
  const offThreads = onStoreChange(({ threads }) => {
    const { list } = store.getState();
    if (!threads || !list) return;
    const next = { ...list, threads: threads.threads, unreadTotal: threads.unreadTotal };
    store.setState({ list: next, unreadTotal: threads.unreadTotal, meanings: meaningsOf(next) });
  });
  const offInbound = frontdesk.on['messages:inbound']((text) => {
    store.setState({ unreadTotal: text.unreadTotal });
    if (watching(text.threadId)) return;
    notifyDesktop(text.name || text.phoneDisplay || 'A patient', text.text, () => openThread(text.threadId));
  });
  // A text written here changed state in the outbox (sent, held, refused): its thread shows it.
  const offItem = onOutboxItem('texts', () => {
    const s = store.getState();
    if (s.selectedId !== null) void s.reloadDetail();
  });
  showUnreadBadge(store.getState().unreadTotal);
  const offBadge = store.subscribe((s, prev) => {
    if (s.unreadTotal !== prev.unreadTotal) showUnreadBadge(s.unreadTotal);
  });
  const offActivity = wireActivity();
  return () => {
    offUnread();
    offChanged();
    offThreads();
    offInbound();
    offItem();
    offBadge();
    offActivity();
  };
}
