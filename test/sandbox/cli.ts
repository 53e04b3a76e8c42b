/** `npm run sandbox`: starts the sandbox and prints where it listens, then its users, keys and clients. */
import { parseCliArgs, USAGE } from './cli-args';
import { SANDBOX_PASSWORD } from './users';
import { describeVary } from './vary';

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    console.error(`sandbox: ${parsed.message}`);
    process.exit(2);
  }
  const { startSandbox } = await import('./index'); // after argument checks: bad flags fail fast
  const sb = await startSandbox(parsed.options);
  const o = sb.ctx.options;
  const lines = [
    `sandbox listening on ${sb.url}`,
    `seed ${o.seed} · access ttl ${o.accessTtlS}s · code ttl ${o.codeTtlS}s · ${o.contacts} contacts · ${o.events} events · device settle ${o.deviceSettleMs}ms`,
    ...(o.now ? [`clock: ${sb.ctx.now().toISOString()} now, running on (--now)`] : []),
    ...(o.fields ? [`fields: --${o.fields} (the service contract, test/sandbox/contract.ts)`] : []),
    ...(sb.vary.profile ? [`answers: --vary ${sb.vary.profile.seed} (${describeVary(sb.vary.profile)})`] : []),
    '',
    `users (password "${SANDBOX_PASSWORD}"; Basic auth = email:api_key):`,
    ...sb.users.map((u) => {
      const target = u.apiTargetId === null ? '' : ` → acts for ${sb.users.find((t) => t.id === u.apiTargetId)?.email}`;
      return `  ${u.email.padEnd(24)} api_key ${u.apiKey}  ${u.name}, ${u.accountName}${target}`;
    }),
    '',
    'oauth clients:',
    ...sb.clients.map((c) => {
      const kind = c.confidential ? `confidential, secret ${c.secret}` : 'public (PKCE S256)';
      const vis = c.published ? 'published' : `private to ${sb.users.find((u) => u.id === c.registrantId)?.email}`;
      const port = c.loopbackAnyPort ? ' (any port)' : '';
      return `  ${c.id.padEnd(28)} ${kind}; ${vis}; redirect ${c.redirectUri}${port}; scopes ${c.scopes.length}`;
    }),
    '',
    `authorize: ${o.portalUrl ?? sb.url}/oauth/authorize   token: ${sb.url}/oauth/token   revoke: ${sb.url}/oauth/revoke`,
    `admin (loopback only): ${sb.url}/__sandbox/{faults,stats,reset,grants,tokens,inbound}   docs: test/sandbox/PLATFORM.md`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = (): void => {
    void sb.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`sandbox: failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
