/** Signed out: one button that signs in through the system browser; waiting: Cancel and Copy link. */
import { useState } from 'react';
import { useAppStore } from '../../stores/app-store';
import { useAuthStore } from '../../stores/auth-store';
import { hostOf } from '../../lib/format';
import { labelledTime, usePracticeZone } from '../../lib/practice-time';
import { KeptAsideNotice } from '../outbox';
import './sign-in.css';

/** The sign-in screen, for both the signed-out and the waiting state. */
export function SignInScreen() {
  const status = useAuthStore((s) => s.status);
  const busy = useAuthStore((s) => s.busy);
  const error = useAuthStore((s) => s.error);
  const signIn = useAuthStore((s) => s.signIn);
  const info = useAppStore((s) => s.info);
  const connectivity = useAppStore((s) => s.connectivity);
  const checking = useAppStore((s) => s.checking);
  // The service is asked before the browser opens: a sign-in page that cannot load helps nobody.
  const [tried, setTried] = useState(false);
  if (!status) return null;
  const offline = connectivity?.state === 'offline';
  const start = async () => {
    if (useAppStore.getState().connectivity?.state !== 'online') await useAppStore.getState().checkNow();
    if (useAppStore.getState().connectivity?.state === 'offline') return setTried(true);
    setTried(false);
    await signIn();
  };
  const where = info ? (info.usingSandbox ? 'the practice service' : hostOf(info.portalUrl)) : 'the service';
  const notice = status.notice ?? (error ? { kind: 'error' as const, text: error.message } : null);
  return (
    <section className="card sign-in" aria-labelledby="sign-in-heading" data-testid="sign-in" data-state={status.state}>
      {status.state === 'signing_in' && status.signIn ? (
        <Waiting url={status.signIn.url} expiresAt={status.signIn.expiresAt} notice={notice} />
      ) : (
        <>
          <h2 id="sign-in-heading">Sign in to Frontdesk</h2>
          <p>Frontdesk works with your account on {where}. You sign in once on this computer, in your web browser.</p>
          {notice && <Notice kind={notice.kind} text={notice.text} />}
          <KeptAsideNotice />
          {offline && <Unreachable where={where} reason={connectivity.reason} tried={tried} checking={checking} />}
          <button type="button" className="primary-button" disabled={busy || checking} onClick={() => void start()}>
            Sign in with your browser
          </button>
        </>
      )}
    </section>
  );
}

function Waiting({
  url,
  expiresAt,
  notice,
}: {
  url: string;
  expiresAt: number;
  notice: { kind: 'error' | 'info'; text: string } | null;
}) {
  const cancel = useAuthStore((s) => s.cancel);
  const zone = usePracticeZone();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <h2 id="sign-in-heading">Continue in your browser…</h2>
      <p>
        Frontdesk opened your web browser to sign you in. Finish there, then come back to this window. The link works
        until {labelledTime(expiresAt, zone)}.
      </p>
      {notice && <Notice kind={notice.kind} text={notice.text} />}
      <div className="button-row">
        <button type="button" className="secondary-button" onClick={() => void cancel()}>
          Cancel
        </button>
        <button type="button" className="secondary-button" onClick={() => void copy()}>
          Copy sign-in link
        </button>
        <span role="status" className="muted">
          {copied === 'copied'
            ? 'Link copied — paste it into your browser.'
            : copied === 'failed'
              ? 'Could not copy. Select the link below.'
              : ''}
        </span>
      </div>
      {copied === 'failed' && <p className="sign-in-link">{url}</p>}
    </>
  );
}

function Notice({ kind, text }: { kind: 'error' | 'info'; text: string }) {
  return (
    <p
      className={kind === 'error' ? 'notice notice-error' : 'notice notice-info'}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid="auth-notice"
    >
      {text}
    </p>
  );
}

/** Said before the browser is opened: the service does not answer, so its sign-in page would not load. */
function Unreachable(props: { where: string; reason: string | null; tried: boolean; checking: boolean }) {
  const checkNow = useAppStore((s) => s.checkNow);
  return (
    <div className="notice notice-error" role="alert" data-testid="service-unreachable">
      <p>
        {props.tried ? 'Still no answer from ' : 'Frontdesk cannot reach '}
        {props.where} right now{props.reason ? ` (${props.reason.replace(/\.$/, '').toLowerCase()})` : ''}, so signing
        in would not work yet. Check this computer's network connection. Frontdesk keeps trying by itself.
      </p>
      <button type="button" className="secondary-button" disabled={props.checking} onClick={() => void checkNow()}>
        {props.checking ? 'Checking…' : 'Try again'}
      </button>
    </div>
  );
}
