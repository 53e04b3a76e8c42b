/** Signed out: one button that signs in through the system browser; waiting: Cancel and Copy link. */
import { useState } from 'react';
import { useAppStore } from '../../stores/app-store';
import { useAuthStore } from '../../stores/auth-store';
import { clockTime, hostOf } from '../../lib/format';

/** The sign-in screen, for both the signed-out and the waiting state. */
export function SignInScreen() {
  const status = useAuthStore((s) => s.status);
  const busy = useAuthStore((s) => s.busy);
  const error = useAuthStore((s) => s.error);
  const signIn = useAuthStore((s) => s.signIn);
  const info = useAppStore((s) => s.info);
  if (!status) return null;
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
          <button type="button" className="primary-button" disabled={busy} onClick={() => void signIn()}>
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
        until {clockTime(expiresAt)}.
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
