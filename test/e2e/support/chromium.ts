/** Finds Debian's Chromium for Playwright (never a downloaded browser); installs it when root. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian puts it. */
export const CHROMIUM_PATH = process.env.FRONTDESK_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that keep headless Chromium quiet on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Returns the Chromium path, installing Debian's package when running as root; null if impossible. */
export function ensureChromium(): string | null {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) return null;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  }
  return existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : null;
}
