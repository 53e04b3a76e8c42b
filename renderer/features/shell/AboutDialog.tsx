/**
 * "About Frontdesk" (the app's help box): version, how it runs, which service it talks to (the host is kept here, not
 * in the header), and where the log is, for support: "Open log folder" in the desktop app, its path in the browser.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog';
import { hostOf } from '../../lib/format';
import { useAppStore } from '../../stores/app-store';
import './shell.css';

/** The header's About box (the button is in AboutButton, which loads this module when first pressed). */
export function AboutDialog(props: { onClose(): void }) {
  const info = useAppStore((s) => s.info);
  if (!info) return null;
  return (
    <AppDialog isOpen onOpenChange={(open) => !open && props.onClose()} title="About Frontdesk" testId="about">
      {(close) => (
        <>
          <dl className="facts">
            <dt>Version</dt>
            <dd>{info.version}</dd>
            <dt>Running as</dt>
            <dd>{info.mode === 'electron' ? 'Desktop app' : 'Browser preview'}</dd>
            <dt>Service</dt>
            <dd data-testid="about-service">
              {hostOf(info.serviceUrl)}
              {info.usingSandbox ? ' (the practice service that comes with Frontdesk, made-up patients)' : ''}
            </dd>
            <dt>Sign-in portal</dt>
            <dd>{hostOf(info.portalUrl)}</dd>
            {info.logFolder ? (
              <>
                <dt>Log folder</dt>
                <dd data-testid="about-log-folder" className="shell-path">
                  {info.logFolder}
                </dd>
              </>
            ) : null}
          </dl>
          {info.canOpenLogFolder ? <OpenLogFolder /> : null}
          <div className="dialog-actions">
            <Button className="primary-button" onPress={close} autoFocus>
              Close
            </Button>
          </div>
        </>
      )}
    </AppDialog>
  );
}

/** Help's "Open log folder" (desktop app): opens the folder in the file manager, or says why it could not. */
function OpenLogFolder() {
  const openLogFolder = useAppStore((s) => s.openLogFolder);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <p className="shell-log-folder">
      <Button className="link-button" onPress={() => void openLogFolder().then(setProblem)}>
        Open log folder
      </Button>
      {problem ? <span role="status"> {problem}</span> : null}
    </p>
  );
}
