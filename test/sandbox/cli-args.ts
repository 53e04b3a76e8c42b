/** Parsing of the `npm run sandbox` flags into SandboxOptions (pure, so it is testable). */
import { clockFrom, parseInstant } from './clock';
import type { SandboxOptions } from './context';

/** Usage text for --help. */
export const USAGE = `usage: npm run sandbox -- [--port N] [--access-ttl S] [--code-ttl S] [--seed N]
                          [--contacts N] [--events N] [--device-settle-ms N] [--now INSTANT]
                          [--strict | --lenient] [--vary SEED]
  --port N              listen port on 127.0.0.1 (default 4010; 0 picks a free port)
  --access-ttl S        access-token lifetime in seconds (default 2592000)
  --code-ttl S          authorization-code lifetime in seconds (default 60)
  --seed N              seed of all generated data and secrets (default 1)
  --contacts N          contacts in the owner's account (default 300)
  --events N            events in the owner's account (default 600)
  --device-settle-ms N  delay before device-backed bookings settle (default 3000)
  --now INSTANT         the clock starts there and runs on; the data is seeded around it
                        (e.g. 2026-11-30T12:30:00-06:00; default: this computer's clock)
  --strict              refuse (400, naming it) any request field the service contract does not list
                        (test/sandbox/contract.ts, docs/service-contract.md); the tests' default
  --lenient             drop such fields silently, as a service that ignores unknown fields would
                        (default: neither, nothing is checked)
  --vary SEED           answer within the freedom the service's documents leave, chosen from SEED: unknown
                        fields, optional ones left out or null, smaller pages, other offsets, Retry-After as a
                        date, a proxy's 502 page once per path, one slow route (10 s), token answers without
                        expires_in or a new refresh token (test/sandbox/vary.ts)`;

type NumKey = 'port' | 'accessTtlS' | 'codeTtlS' | 'seed' | 'contacts' | 'events' | 'deviceSettleMs';

const FLAGS: Record<string, { key: NumKey; min: number; max: number }> = {
  '--port': { key: 'port', min: 0, max: 65_535 },
  '--access-ttl': { key: 'accessTtlS', min: 1, max: 315_360_000 },
  '--code-ttl': { key: 'codeTtlS', min: 1, max: 86_400 },
  '--seed': { key: 'seed', min: 0, max: 2 ** 32 - 1 },
  '--contacts': { key: 'contacts', min: 0, max: 100_000 },
  '--events': { key: 'events', min: 0, max: 200_000 },
  '--device-settle-ms': { key: 'deviceSettleMs', min: 0, max: 3_600_000 },
};

/** Parsed command line: options, a help request, or a one-line error. */
export type CliParse =
  { kind: 'run'; options: Partial<SandboxOptions> } | { kind: 'help' } | { kind: 'error'; message: string };

/** Parses `--flag value` and `--flag=value`; unknown flags and bad numbers are errors. */
export function parseCliArgs(argv: readonly string[]): CliParse {
  const options: Partial<SandboxOptions> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--strict' || arg === '--lenient') {
      const mode = arg === '--strict' ? 'strict' : 'lenient';
      if (options.fields !== undefined && options.fields !== mode)
        return { kind: 'error', message: '--strict and --lenient cannot be used together' };
      options.fields = mode;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    if (name === '--now') {
      const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) return { kind: 'error', message: '--now needs a value' };
      const at = parseInstant(value);
      if (at === null)
        return {
          kind: 'error',
          message: `--now must be a time with its offset, like 2026-11-30T12:30:00-06:00, got ${JSON.stringify(value)}`,
        };
      options.now = clockFrom(at);
      continue;
    }
    if (name === '--vary') {
      const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || !/^\d+$/.test(value) || Number(value) > 2 ** 32 - 1)
        return { kind: 'error', message: `--vary needs a seed (a whole number), got ${JSON.stringify(value ?? '')}` };
      options.vary = { seed: Number(value) };
      continue;
    }
    const spec = FLAGS[name];
    if (!spec) return { kind: 'error', message: `unknown flag ${JSON.stringify(arg)} (see --help)` };
    let value: string | undefined;
    if (eq > 0 && arg.startsWith('--')) value = arg.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined) return { kind: 'error', message: `${name} needs a value` };
    if (!/^\d+$/.test(value))
      return { kind: 'error', message: `${name} must be a whole number, got ${JSON.stringify(value)}` };
    const n = Number(value);
    if (n < spec.min || n > spec.max)
      return { kind: 'error', message: `${name} must be between ${spec.min} and ${spec.max}, got ${value}` };
    options[spec.key] = n;
  }
  return { kind: 'run', options };
}
