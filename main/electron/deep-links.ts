/**
 * Sign-in redirects through our custom scheme: registered as the OS handler, and taken in from
 * every path the OS uses (macOS open-url, Windows/Linux second-instance argv, cold-start argv).
 * Every path ends in core's one `handleRedirect`.
 */
import { resolve } from 'node:path';
import { app } from 'electron';
import { customSchemeOf, redirectFromArgv } from '../core/auth/redirect-intake';

/** Installs intake for `redirectUri`'s scheme; `deliver` gets each redirect URL (queued until ready). */
export function installDeepLinks(
  redirectUri: string,
  deliver: (url: string) => void,
  focus: () => void,
): { claimed(): boolean } {
  const scheme = customSchemeOf(redirectUri);
  if (!scheme) return { claimed: () => false };

  // Dev mode (electron .): Windows needs the interpreter and the script path in the registration.
  if (process.defaultApp && process.argv[1])
    app.setAsDefaultProtocolClient(scheme, process.execPath, [resolve(process.argv[1])]);
  else app.setAsDefaultProtocolClient(scheme);

  app.on('will-finish-launching', () => {
    app.on('open-url', (event, url) => {
      event.preventDefault();
      deliver(url);
    });
  });
  app.on('second-instance', (_event, argv) => {
    focus();
    const url = redirectFromArgv(argv, scheme);
    if (url) deliver(url);
  });
  const cold = redirectFromArgv(process.argv, scheme);
  if (cold) deliver(cold);
  return { claimed: () => app.isDefaultProtocolClient(scheme) };
}
