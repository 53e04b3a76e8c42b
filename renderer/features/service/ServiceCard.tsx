/** What Frontdesk is connected to: service, sign-in portal, how it runs, and whether it answers. */
import { useAppStore } from '../../stores/app-store';

/** The first screen's card about the configured service. */
export function ServiceCard() {
  const info = useAppStore((s) => s.info);
  const connectivity = useAppStore((s) => s.connectivity);
  if (!info) return null;
  const answering = connectivity?.state === 'online';
  return (
    <section className="card" aria-labelledby="service-heading">
      <h2 id="service-heading">Scheduling service</h2>
      <dl className="facts">
        <dt>Service</dt>
        <dd data-testid="service-url">{info.serviceUrl}</dd>
        <dt>Sign-in portal</dt>
        <dd>{info.portalUrl}</dd>
        <dt>Status</dt>
        <dd data-testid="service-status">
          {connectivity?.state === 'checking' || !connectivity
            ? 'Checking…'
            : answering
              ? 'Answering'
              : 'Not reachable — Frontdesk keeps checking and will reconnect by itself'}
        </dd>
        <dt>Running as</dt>
        <dd>
          {info.mode === 'electron' ? 'Desktop app' : 'Browser preview'}, version {info.version}
        </dd>
      </dl>
      {info.usingSandbox && (
        <p className="note">
          This is the local practice service that comes with Frontdesk. Its patients and appointments are made up, so
          you can try everything safely.
        </p>
      )}
    </section>
  );
}
