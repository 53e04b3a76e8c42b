/** Chromium's data stays out of Frontdesk's folders, whatever the file system's letter case. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSIDE } from '../../../main/core/data-folder';
import { keepChromiumApart } from '../../../main/electron/session-data';

describe('Chromium session data', () => {
  it('goes to a folder of its own inside the user-data folder', () => {
    const paths: Record<string, string> = { userData: '/home/desk/.config/Frontdesk' };
    keepChromiumApart({
      getPath: (name) => paths[name] ?? `/default/${name}`,
      setPath: (name, value) => void (paths[name] = value),
    });
    const session = paths.sessionData!;
    expect(session.startsWith(`${paths.userData}/`)).toBe(true);
    const folder = session.slice(paths.userData!.length + 1).toLowerCase();
    // Chromium writes Cache/, Local Storage/, … under it: its folder may be none of ours in any letter case
    expect([...INSIDE, 'settings.json', 'vault.key'].map((n) => n.toLowerCase())).not.toContain(folder);
  });

  it('is set by the Electron entry before anything else runs', () => {
    const entry = readFileSync(join(__dirname, '../../../main/index.ts'), 'utf8');
    const set = entry.indexOf('keepChromiumApart(app);');
    expect(set).toBeGreaterThan(-1);
    expect(set).toBeLessThan(entry.indexOf('createElectronLogger(logFolder('));
    expect(set).toBeLessThan(entry.indexOf('app.requestSingleInstanceLock()'));
  });
});
