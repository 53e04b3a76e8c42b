/**
 * Every defence SECURITY.md names, and the promises to the front desk that tests keep, as a mutation that removes
 * it and the test files that must then fail.
 * `npm run test:defences` applies each in turn to a temporary copy of the project (scripts/test-defences.ts).
 * `find` must occur exactly once in `file`: when the code moves, this list has to move with it.
 */

/** One defence and how to take it away. */
export interface Defence {
  /** What is taken away, in the words of SECURITY.md. */
  name: string;
  /** The file that holds the defence, relative to the project. */
  file: string;
  /** The exact code of the defence (occurs once in `file`). */
  find: string;
  /** What it becomes without the defence. */
  replace: string;
  /** Further edits in the same file, when the defence is held in more than one place. */
  more?: { find: string; replace: string }[];
  /** The test files that must go red (only these run, to keep the check fast). */
  tests: string[];
}

const BROWSER_HOST = 'main/browser-host/server.ts';
const BROWSER_HOST_TEST = 'test/integration/app/browser-host.test.ts';

export const DEFENCES: Defence[] = [
  // --- The browser host: no other page, program or user drives it.
  {
    name: 'browser host listens on every address (0.0.0.0) instead of 127.0.0.1',
    file: BROWSER_HOST,
    find: 'server.listen(options.port, HOST,',
    replace: "server.listen(options.port, '0.0.0.0',",
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'no Host check on the WebSocket upgrade',
    file: BROWSER_HOST,
    find: "req.headers.host !== `${HOST}:${port}`\n        ? 'wrong Host'",
    replace: "false\n        ? 'wrong Host'",
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'no Origin check on the WebSocket upgrade',
    file: BROWSER_HOST,
    find: "req.headers.origin !== origin\n          ? 'untrusted Origin'",
    replace: "false\n          ? 'untrusted Origin'",
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'no per-run key on the WebSocket upgrade',
    file: BROWSER_HOST,
    find: "!(offered = knownKey(req.headers['sec-websocket-protocol'], printedKeys, tabKeys))",
    replace: "!(offered = 'none')",
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'a printed key opens any number of tabs (not swapped for the tab’s own on first use)',
    file: BROWSER_HOST,
    find: 'const printed = printedKeys.delete(offered!);',
    replace: 'const printed = printedKeys.has(offered!);',
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'no Host check on HTTP requests (DNS rebinding)',
    file: BROWSER_HOST,
    find: 'if (host !== `${HOST}:${port}`) {',
    replace: 'if (false) {',
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'no cap on the unread replies of a page that never reads',
    file: BROWSER_HOST,
    find: 'if (ws.bufferedAmount > limits.sendBufferBytes) {',
    replace: 'if (false) {',
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'no cap on the calls one page has in flight at once',
    file: BROWSER_HOST,
    find: 'if (inFlight < limits.callsInFlight && waiting.length === 0) run(message);',
    replace: 'if (true) run(message);',
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'a renderer file asked for by many at once is read once for each (no shared first read)',
    file: 'main/core/static-files.ts',
    find: '  let pending = loading.get(key);',
    replace: '  let pending: Promise<Loaded> | undefined;',
    tests: ['test/unit/core/static-files.test.ts'],
  },
  // --- IPC: our main frame only, then the args' schema.
  {
    name: 'browser host HTTP serves every pipelined request at once (no one at a time, no drain wait)',
    file: BROWSER_HOST,
    find: '(req, res) => inTurn(req, res),',
    replace: '(req, res) => void serveHttp(req, res),',
    tests: [BROWSER_HOST_TEST],
  },
  {
    name: 'IPC answers any sender',
    file: 'main/core/ipc/dispatch.ts',
    find: 'if (!isTrustedSender(sender, trustedOrigin)) {',
    replace: 'if (false) {',
    tests: ['test/unit/core/dispatch.test.ts'],
  },
  {
    name: 'IPC args are not checked against the contract',
    file: 'main/core/ipc/dispatch.ts',
    find: 'if (!parsed.success) {',
    replace: 'if (false && !parsed.success) {',
    tests: ['test/unit/core/dispatch.test.ts'],
  },
  // --- Sign-in.
  {
    name: 'PKCE method not S256',
    file: 'main/core/auth/oauth-client.ts',
    find: "url.searchParams.set('code_challenge_method', 'S256');",
    replace: "url.searchParams.set('code_challenge_method', 'plain');",
    tests: ['test/integration/auth/refusals.test.ts', 'test/integration/auth/loopback.test.ts'],
  },
  {
    name: 'the state of a redirect is not checked',
    file: 'main/core/auth/oauth-client.ts',
    find: 'oauth.validateAuthResponse(this.as, this.client, callback, expectedState)',
    replace: 'oauth.validateAuthResponse(this.as, this.client, callback, oauth.skipStateCheck)',
    tests: ['test/integration/auth/refusals.test.ts'],
  },
  {
    name: 'a redirect to another host or port is accepted',
    file: 'main/core/auth/redirect-intake.ts',
    find: 'candidate.host === want.host &&',
    replace: '',
    tests: ['test/unit/auth/redirect-intake.test.ts'],
  },
  {
    name: 'a redirect carrying user info is accepted',
    file: 'main/core/auth/redirect-intake.ts',
    find: "candidate.username === '' &&",
    replace: '',
    tests: ['test/unit/auth/redirect-intake.test.ts', 'test/integration/auth/loopback.test.ts'],
  },
  {
    name: 'a command line with several redirect URLs is taken (Windows)',
    file: 'main/core/auth/redirect-intake.ts',
    find: 'return ours.length === 1 ? (ours[0] ?? null) : null;',
    replace: 'return ours.length >= 1 ? (ours[0] ?? null) : null;',
    tests: ['test/unit/auth/redirect-intake.test.ts'],
  },
  {
    name: 'a sign-in attempt never expires',
    file: 'main/core/auth/sign-in-flow.ts',
    find: 'if (this.deps.clock.now() >= attempt.expiresAt) {',
    replace: 'if (false) {',
    tests: ['test/integration/auth/expiry.test.ts'],
  },
  {
    name: 'sign-out does not revoke the grant',
    file: 'main/core/auth/auth-service.ts',
    find: 'void this.revocations.revoke(items, (id) => this.oauthFor(id)).catch(() => undefined);',
    replace: 'void items;',
    tests: ['test/integration/auth/sign-out.test.ts'],
  },
  {
    name: 'the sign-in is saved with basic_text (no keystore) without an admin opting in',
    file: 'main/core/auth/token-vault.ts',
    find: ": this.allowWeakStorage && status.backend !== 'unknown'",
    replace: ": status.backend !== 'unknown'",
    tests: ['test/integration/auth/vault.test.ts'],
  },
  {
    name: 'the loopback receiver listens on every address',
    file: 'main/core/auth/loopback-receiver.ts',
    find: "server.listen(0, base.hostname === '[::1]' ? '::1' : '127.0.0.1',",
    replace: "server.listen(0, '0.0.0.0',",
    tests: ['test/integration/auth/loopback.test.ts', 'test/unit/auth/loopback-receiver.test.ts'],
  },
  {
    name: 'a page that guessed the loopback port makes the app show a sign-in refusal',
    file: 'main/core/auth/sign-in-flow.ts',
    find: "        via === 'deep-link',\n",
    replace: '        true,\n',
    tests: ['test/integration/auth/loopback.test.ts'],
  },
  {
    name: 'the loopback receiver answers any Host',
    file: 'main/core/auth/loopback-receiver.ts',
    find: ' || req.headers.host !== `${base.hostname}:${port}`',
    replace: '',
    tests: ['test/integration/auth/loopback.test.ts'],
  },
  {
    name: 'the loopback receiver answers any method',
    file: 'main/core/auth/loopback-receiver.ts',
    find: "req.method !== 'GET' || ",
    replace: '',
    tests: ['test/integration/auth/loopback.test.ts'],
  },
  // --- Tokens and patient data at rest.
  {
    name: 'the saved sign-in is written in plaintext',
    file: 'main/core/auth/token-vault.ts',
    find: 'const sealed = await this.cipher.encrypt(JSON.stringify(session));',
    replace: 'const sealed = Buffer.from(JSON.stringify(session));',
    tests: ['test/integration/auth/vault.test.ts'],
  },
  {
    name: 'the read cache is written in plaintext',
    file: 'main/core/cache/read-cache.ts',
    find: 'const sealed = await this.cipher.encrypt(plain);',
    replace: 'const sealed = Buffer.from(plain);',
    tests: ['test/unit/cache/read-cache.test.ts', 'test/integration/app/patient-data-at-rest.test.ts'],
  },
  {
    name: 'core gives the read cache a cipher that does not encrypt',
    file: 'main/core/app-core.ts',
    find: "join(platform.dataDir, 'cache'),\n    platform.cipher,",
    replace:
      "join(platform.dataDir, 'cache'),\n    { ...platform.cipher, encrypt: async (p: string) => Buffer.from(p), decrypt: async (b: Uint8Array) => Buffer.from(b).toString() },",
    tests: ['test/integration/app/patient-data-at-rest.test.ts'],
  },
  {
    name: 'the outbox log is written in plaintext',
    file: 'main/core/outbox/record-codec.ts',
    find: "const body = Buffer.concat([cipher.update(JSON.stringify(record), 'utf8'), cipher.final()]);",
    replace: "cipher.final();\n  const body = Buffer.from(JSON.stringify(record), 'utf8');",
    tests: ['test/unit/outbox/op-log.test.ts'],
  },
  {
    name: 'unreadable outbox records are dropped without keeping their bytes or telling the user',
    file: 'main/core/outbox/op-log.ts',
    find: "await kept.keep('outbox.log', pieces, read.damaged.length, now);",
    replace: 'void pieces;',
    tests: ['test/unit/outbox/kept-aside.test.ts'],
  },
  {
    name: 'an outbox log sealed with a lost key is discarded',
    file: 'main/core/outbox/op-log.ts',
    find: "await kept.keep('outbox.log', [{ offset: 0, bytes: whole, reason: 'sealed with another key' }], count, now);",
    replace: 'void whole;',
    tests: ['test/unit/outbox/kept-aside.test.ts'],
  },
  // --- The outbox key kept safe: its own file, two copies, never replaced while a log still needs it.
  {
    name: 'the outbox key has no second copy: one damaged key file loses the queue',
    file: 'main/core/outbox/key-file.ts',
    find: 'const stored = copies.find((copy) => copy !== null) ?? null;',
    replace: 'const stored = copies[0] ?? null;',
    tests: ['test/unit/outbox/data-key.test.ts', 'test/integration/outbox/key-kept-safe.test.ts'],
  },
  {
    name: 'the outbox key that cannot be unwrapped is replaced by a new one over the log that still needs it',
    file: 'main/core/outbox/data-key.ts',
    find: 'throw new DataKeyUnavailableError(\n      `the outbox key cannot be unwrapped',
    replace:
      'const fresh = randomBytes(32); await writeKeyCopies(dir, await seal(cipher, fresh, available), log); return { key: fresh, wrapped: true, fresh: true }; throw new DataKeyUnavailableError(\n      `the outbox key cannot be unwrapped',
    tests: ['test/unit/outbox/data-key.test.ts', 'test/integration/outbox/key-kept-safe.test.ts'],
  },
  {
    name: 'the outbox key file lost (both copies), a new outbox key is made over the log that still needs the old one',
    file: 'main/core/outbox/data-key.ts',
    find: 'if (records > 0)\n      throw new DataKeyUnavailableError(',
    replace: 'if (records < 0)\n      throw new DataKeyUnavailableError(',
    tests: ['test/unit/outbox/data-key.test.ts', 'test/integration/outbox/key-kept-safe.test.ts'],
  },
  {
    name: 'a lost vault.key is replaced by a new one while the outbox key wrapped with it is on disk',
    file: 'main/browser-host/node-platform.ts',
    find: '() => !holdsWrappedKey(outboxDir)',
    replace: '() => true',
    tests: ['test/integration/outbox/key-kept-safe.test.ts'],
  },
  {
    name: 'decrypting with a lost vault.key writes a new one in its place (the outbox key could never be unwrapped)',
    file: 'main/browser-host/file-cipher.ts',
    find: "!create ? 'read' :",
    replace: "!create ? 'create' :",
    tests: ['test/unit/browser-host/file-cipher.test.ts', 'test/integration/outbox/key-kept-safe.test.ts'],
  },
  {
    name: 'sign-out skips the cache wipe',
    file: 'main/core/app-core.ts',
    find: "if (account && why !== 'session_ended') await cache.wipeAccount(account);",
    replace: 'void why;',
    tests: ['test/integration/app/patient-data-at-rest.test.ts'],
  },
  {
    name: 'answers arriving after a sign-out are kept in the read cache',
    file: 'main/core/cache/read-cache.ts',
    find: 'if (this.closed.has(account)) return;\n    const memoryKey',
    replace: 'const memoryKey',
    tests: ['test/unit/cache/read-cache.test.ts'],
  },
  {
    name: 'nothing is read ahead for offline work at sign-in or start',
    file: 'main/core/app-core.ts',
    find: 'prefetch.accountChanged(account);',
    replace: 'void prefetch;',
    tests: ['test/integration/app/offline-ready.test.ts'],
  },
  {
    name: "the read-ahead for offline work competes with the first screen's reads",
    file: 'main/core/prefetch.ts',
    find: '    await this.deps.readsFirst();\n',
    replace: '',
    tests: ['test/integration/app/screen-first.test.ts'],
  },
  {
    name: "the texts poller competes with the first screen's reads",
    file: 'main/core/messages/message-poller.ts',
    find: 'const wait = this.deps.readsFirst();',
    replace: 'const wait = null as Promise<void> | null;',
    tests: ['test/integration/app/screen-first.test.ts'],
  },
  {
    name: 'the nearest times after a gone slot ignore the chosen provider',
    file: 'main/core/bookings/nearest-times.ts',
    find: '(s) => provider === null || s.providers.length === 0 || s.providers.includes(provider),',
    replace: '(s) => Boolean(s),',
    tests: ['test/integration/renderer/offline-booking.test.ts'],
  },
  {
    name: 'the read cache wipe leaves the files on disk',
    file: 'main/core/cache/read-cache.ts',
    find: 'await rm(folder, { recursive: true, force: true, maxRetries: 3 });',
    replace: 'void folder;',
    tests: ['test/unit/cache/read-cache.test.ts', 'test/integration/app/patient-data-at-rest.test.ts'],
  },
  {
    name: 'refresh is not single-flight',
    file: 'main/core/auth/token-manager.ts',
    find: 'this.refreshing ??= this.runRefresh()',
    replace: 'this.refreshing = this.runRefresh()',
    tests: ['test/integration/auth/refresh.test.ts'],
  },
  {
    name: 'queued work is sent under whichever account is signed in',
    file: 'main/core/outbox/send-loop.ts',
    find: 'for (const op of this.d.store.table.heads(account)) {',
    replace:
      'for (const op of [...new Set([...this.d.store.table.ops.values()].map((o) => o.accountKey))].flatMap((a) => this.d.store.table.heads(a))) {',
    more: [{ find: 'this.d.activeAccount() === op.accountKey &&', replace: '' }],
    tests: ['test/integration/outbox/accounts.test.ts'],
  },
  // --- Texts to patients: billed and on their phone, so once and never late.
  {
    name: 'a text whose answer was lost is sent again without looking for it in the thread first',
    file: 'main/core/outbox/kinds/messages.ts',
    find: 'return messages.some((m) => ours(m, op.payload.content, since)) ? { id: op.payload.conversation_id } : null;',
    replace: 'return null;',
    more: [{ find: 'if (first && ours(first, p.content, since)) return { id: t.id };', replace: '' }],
    tests: ['test/integration/messages/texts-exactly-once.test.ts'],
  },
  {
    name: 'the same words sent earlier in a thread are taken for a text whose attempt was cut off (never sent)',
    file: 'main/core/outbox/kinds/messages.ts',
    find: 'return at < 0 ? messages : messages.slice(at + 1);',
    replace: 'return messages;',
    tests: ['test/integration/messages/messages.test.ts'],
  },
  {
    name: 'a text still unsent 15 minutes after it was written is sent late instead of held',
    file: 'main/core/outbox/send-loop.ts',
    find: 'const held = spec.stale?.(op, now) ?? null;',
    replace: 'const held = null as string | null;',
    tests: ['test/integration/messages/held-texts.test.ts'],
  },
  // --- The data folder.
  {
    name: 'an open data folder is left as it is',
    file: 'main/core/data-folder.ts',
    find: 'chmodSync(dir, 0o700);',
    replace: '',
    tests: ['test/integration/app/safe-start.test.ts'],
  },
  {
    name: 'a key file others can read is used',
    file: 'main/core/data-folder.ts',
    find: ': (info.mode & 0o077) !== 0\n        ?',
    replace: ': false\n        ?',
    tests: ['test/integration/app/safe-start.test.ts'],
  },
  {
    name: 'an unreadable settings.json stops start-up',
    file: 'main/browser-host/node-platform.ts',
    find: "setAsideUnreadableJson(join(dir, 'settings.json'), log);",
    replace: '',
    tests: ['test/integration/app/safe-start.test.ts'],
  },
  {
    name: 'a data folder that belongs to another user is used (the folder owner check)',
    file: 'main/core/data-folder.ts',
    find: 'if (info.uid !== process.getuid!())\n    throw new DataFolderError(\n      `The data folder',
    replace: 'if (false)\n    throw new DataFolderError(\n      `The data folder',
    tests: ['test/integration/app/safe-start.test.ts'],
  },
  {
    name: 'a key file that is not a plain file (a link, a folder) is used (the plain-file check)',
    file: 'main/core/data-folder.ts',
    find: "!info.isFile()\n    ? 'is not a plain file'",
    replace: "false\n    ? 'is not a plain file'",
    tests: ['test/integration/app/safe-start.test.ts'],
  },
  {
    name: 'nothing under outbox/, logs/ or cache/ is looked at on start (the interior checks)',
    file: 'main/core/data-folder.ts',
    find: '  for (const name of INSIDE) secureEntry(dir, name, log, tightened);\n',
    replace: '',
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  {
    name: 'a link planted under outbox/, logs/ or cache/ is left in place (the interior checks)',
    file: 'main/core/data-folder.ts',
    find: '    unlinkSync(path);\n',
    replace: '',
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  {
    name: 'folders and files under outbox/, logs/ and cache/ stay open to others (the interior checks)',
    file: 'main/core/data-folder.ts',
    find: '    chmodSync(path, info.isDirectory() ? 0o700 : 0o600);\n',
    replace: '',
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  {
    name: 'an entry of another user under outbox/, logs/ or cache/ is used (the interior checks)',
    file: 'main/core/data-folder.ts',
    find: 'if (info.uid !== process.getuid!())\n    throw new DataFolderError(\n      `Frontdesk will not start:',
    replace: 'if (false)\n    throw new DataFolderError(\n      `Frontdesk will not start:',
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  {
    name: 'the log writer follows a link planted at logs/main.log (no-follow opens)',
    file: 'main/core/log/file-logger.ts',
    find: 'openSync(file, NO_FOLLOW.append, 0o600)',
    replace: "openSync(file, 'a', 0o600)",
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  {
    name: 'the desktop log writer follows a link planted at logs/main.log (no-follow opens)',
    file: 'main/electron/log.ts',
    find: "flag: NO_FOLLOW.append as unknown as 'a',",
    replace: "flag: 'a',",
    tests: ['test/unit/electron/log.test.ts'],
  },
  {
    name: 'the outbox follows a link planted at outbox/kept-aside.jsonl (no-follow opens)',
    file: 'main/core/outbox/kept-aside.ts',
    find: "await appendFile(this.file, lines.join(''), { mode: 0o600, flag: NO_FOLLOW.append });",
    replace: "await appendFile(this.file, lines.join(''), { mode: 0o600 });",
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  {
    name: 'the outbox follows a link planted at outbox/kept-aside-notice.json (no-follow opens)',
    file: 'main/core/outbox/kept-aside.ts',
    find: '{ mode: 0o600, flag: NO_FOLLOW.replace }',
    replace: '{ mode: 0o600 }',
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  {
    // The outbox log itself refuses a link twice (read, then append), so taking one away shows nothing: this takes
    // O_NOFOLLOW out of every open that uses the shared flags at once.
    name: 'no file in the data folder is opened with O_NOFOLLOW (no-follow opens)',
    file: 'main/core/no-follow.ts',
    find: 'const NOFOLLOW = (constants as Partial<typeof constants>).O_NOFOLLOW ?? 0;',
    replace: 'const NOFOLLOW = 0;',
    tests: ['test/integration/app/whole-data-folder.test.ts', 'test/unit/electron/log.test.ts'],
  },
  {
    name: 'the read cache reads an offline copy through a link planted at its name (no-follow opens)',
    file: 'main/core/cache/read-cache.ts',
    find: 'readFile(file, { flag: NO_FOLLOW.read })',
    replace: 'readFile(file)',
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  {
    name: 'a link planted at settings.json is read as the settings (no-follow opens)',
    file: 'main/core/data-folder.ts',
    find: 'flag: NO_FOLLOW.read })',
    replace: "flag: 'r' })",
    tests: ['test/integration/app/whole-data-folder.test.ts'],
  },
  // --- Main stays up.
  {
    name: 'the crash guards do nothing',
    file: 'main/core/crash-guard.ts',
    find: 'export function installCrashGuards(log: Logger): void {',
    replace: 'export function installCrashGuards(log: Logger): void {\n  return void log;',
    tests: ['test/integration/app/crash-guard.test.ts'],
  },
  // --- The Electron window and the package.
  {
    name: 'the window is not sandboxed',
    file: 'main/electron/window-options.ts',
    find: 'sandbox: true,',
    replace: 'sandbox: false,',
    tests: ['test/unit/electron/window-options.test.ts'],
  },
  {
    name: 'the page shares its JavaScript world with the preload',
    file: 'main/electron/window-options.ts',
    find: 'contextIsolation: true,',
    replace: 'contextIsolation: false,',
    tests: ['test/unit/electron/window-options.test.ts'],
  },
  {
    name: 'DevTools in an installed app',
    file: 'main/electron/window-options.ts',
    find: 'devTools: !packaged,',
    replace: 'devTools: true,',
    tests: ['test/unit/electron/window-options.test.ts'],
  },
  {
    name: 'the CSP allows inline scripts',
    file: 'main/core/security/csp.ts',
    find: `"script-src 'self'",`,
    replace: `"script-src 'self' 'unsafe-inline'",`,
    tests: ['test/unit/electron/window-options.test.ts'],
  },
  {
    name: 'the window may navigate away from the app',
    file: 'main/electron/hardening.ts',
    find: 'if (!isAppUrl(url) || url !== contents.getURL()) event.preventDefault();',
    replace: 'void url;',
    tests: ['test/unit/electron/hardening.test.ts'],
  },
  {
    name: 'webviews may be attached',
    file: 'main/electron/hardening.ts',
    find: "contents.on('will-attach-webview', (event) => event.preventDefault());",
    replace: '',
    tests: ['test/unit/electron/hardening.test.ts'],
  },
  {
    name: 'the page gets any permission it asks for',
    file: 'main/electron/hardening.ts',
    find: 'callback(ALLOWED.has(permission) && isAppUrl(wc.getURL())),',
    replace: 'callback(true),',
    tests: ['test/unit/electron/hardening.test.ts'],
  },
  {
    name: 'links of any scheme go to the system browser',
    file: 'main/core/security/external-url.ts',
    find: "if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;",
    replace: '',
    tests: ['test/unit/electron/hardening.test.ts'],
  },
  {
    name: 'the page may open windows',
    file: 'main/electron/hardening.ts',
    find: "return { action: 'deny' };",
    replace: "return { action: 'allow' };",
    tests: ['test/unit/electron/hardening.test.ts'],
  },
  {
    name: 'the packaged app can be run as plain Node',
    file: 'electron-builder.yml',
    find: 'runAsNode: false',
    replace: 'runAsNode: true # was runAsNode: false',
    tests: ['test/unit/electron/packaging.test.ts'],
  },
  {
    name: 'the packaged app takes NODE_OPTIONS',
    file: 'electron-builder.yml',
    find: 'enableNodeOptionsEnvironmentVariable: false',
    replace: 'enableNodeOptionsEnvironmentVariable: true',
    tests: ['test/unit/electron/packaging.test.ts'],
  },
  {
    name: 'the packaged app loads an asar without checking its integrity',
    file: 'electron-builder.yml',
    find: 'enableEmbeddedAsarIntegrityValidation: true',
    replace: 'enableEmbeddedAsarIntegrityValidation: false',
    tests: ['test/unit/electron/packaging.test.ts'],
  },
  // --- Promises to the front desk: what staff rely on, each kept by a test that fails without it.
  {
    name: '"Text everyone in the next hour" fills {first name} with the whole name',
    file: 'renderer/features/messages/DelayBroadcast.tsx',
    find: 'firstName: firstNameOf(p.name),',
    replace: 'firstName: p.name,',
    tests: ['test/unit/messages/quick-text-first-names.test.tsx'],
  },
  {
    name: '"Text patient" fills {first name} of a quick text with the whole name',
    file: 'renderer/features/messages/TextPatientDialog.tsx',
    find: 'firstName: firstNameOf(to.name),',
    replace: 'firstName: to.name,',
    tests: ['test/unit/messages/quick-text-first-names.test.tsx'],
  },
  {
    name: 'a thread’s reply fills {first name} of a quick text with the whole name',
    file: 'renderer/features/messages/ThreadPane.tsx',
    find: 'values={{ firstName: firstNameOf(detail.thread.name) }}',
    replace: 'values={{ firstName: detail.thread.name }}',
    tests: ['test/unit/messages/quick-text-first-names.test.tsx'],
  },
  {
    name: 'a number from another country is shown in national format (020 7946 0958 at a US practice)',
    file: 'main/core/contacts/phones.ts',
    find: ': country && parsed.country === country',
    replace: ': country',
    tests: ['test/unit/contacts/phones.test.ts', 'test/integration/contacts/writes.test.ts'],
  },
  {
    name: 'the contacts search runs on every key instead of when typing stops',
    file: 'renderer/stores/contacts-store.ts',
    find: 'searchTimer = setTimeout(() => void get().load(), SEARCH_DELAY_MS);',
    replace: 'void get().load();',
    tests: ['test/unit/contacts/search-debounce.test.tsx'],
  },
  {
    name: 'the schedule\'s saved copy says "as of" now (core), not when it was read',
    file: 'main/core/calendar/calendar-service.ts',
    find: "hit ? { ...hit.value, fetchedAt: hit.fetchedAt, source: 'cache' }",
    replace: "hit ? { ...hit.value, fetchedAt: this.context.clock.now(), source: 'cache' }",
    tests: ['test/integration/renderer/schedule-freshness.test.ts'],
  },
  {
    name: 'the schedule\'s saved copy says "as of" now (screen), not when it was read',
    file: 'renderer/stores/calendar-store.ts',
    find: 'if (unchanged) return set({ loading: false, error: null, source: { source, fetchedAt } });',
    replace: 'if (unchanged) return set({ loading: false, error: null, source: { source, fetchedAt: Date.now() } });',
    more: [
      {
        find: 'set({ loading: false, error: null, items, source: { source, fetchedAt } });',
        replace: 'set({ loading: false, error: null, items, source: { source, fetchedAt: Date.now() } });',
      },
    ],
    tests: ['test/integration/renderer/schedule-freshness.test.ts'],
  },
  {
    name: 'the schedule screen says "as of" now, not when its saved copy was read',
    file: 'renderer/features/calendar/ScheduleScreen.tsx',
    find: '        data={source}',
    replace: '        data={source && { ...source, fetchedAt: Date.now() }}',
    tests: ['test/unit/calendar/schedule-as-of.test.tsx'],
  },
  {
    name: 'the schedule polls for changes from its first read all day (updated_since never moves on)',
    file: 'renderer/features/calendar/schedule-sync.ts',
    find: 'syncMark.at = startedAt;',
    replace: '',
    tests: ['test/integration/renderer/schedule-freshness.test.ts'],
  },
  {
    name: 'the texts poller asks from its first read all day (updated_since never moves on)',
    file: 'main/core/messages/thread-sync.ts',
    find: 'if (c.updated_at && (!st.since || atMs(c.updated_at) > atMs(st.since))) st.since = c.updated_at;',
    replace: 'if (c.updated_at && !st.since) st.since = c.updated_at;',
    tests: ['test/integration/messages/poller.test.ts'],
  },
  {
    name: 'marks (Arrived, No-show, …) are offered on a visit whose cancellation is queued',
    file: 'renderer/features/calendar/AppointmentMenu.tsx',
    find: "return item.id > 0 && item.pending?.change !== 'delete';",
    replace: 'return item.id > 0;',
    tests: ['test/unit/calendar/cancel-undo.test.tsx'],
  },
  {
    name: 'Undo after a cancellation or a move is offered for 5 seconds instead of 10',
    file: 'renderer/features/calendar/schedule-sync.ts',
    find: 'export const UNDO_MS = 10_000;',
    replace: 'export const UNDO_MS = 5_000;',
    tests: ['test/unit/calendar/cancel-undo.test.tsx'],
  },
  {
    name: 'Undo after a cancellation or a move is offered for 30 seconds instead of 10',
    file: 'renderer/features/calendar/schedule-sync.ts',
    find: 'export const UNDO_MS = 10_000;',
    replace: 'export const UNDO_MS = 30_000;',
    tests: ['test/unit/calendar/cancel-undo.test.tsx'],
  },
];
