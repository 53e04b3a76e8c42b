/**
 * `npm run test:electronegativity`: runs Doyensec's Electronegativity over the built app (`out/`), reads its SARIF
 * report (the tool itself exits 0 whatever it finds) and fails unless every finding is justified, one by one, in
 * test/security/electronegativity-accepted.yml — and every justification there still matches a finding.
 * The scan never touches the network: the tool's downloads (translations, Electron's release list) are refused.
 */
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parse } from 'yaml';

/** One finding, with the code it points at. */
export interface Finding {
  rule: string;
  file: string;
  line: number;
  /** The flagged code as it stands in the built file ('' for whole-app checks). */
  code: string;
}

/** One justified finding in the checked-in file. */
export interface Accepted {
  rule: string;
  file: string;
  /** A piece of the flagged code that identifies this one finding. */
  code: string;
  why: string;
}

/** A built file the tool cannot parse, named (`*` for a build hash) with the reason it may go unscanned. */
export interface Unscannable {
  file: string;
  why: string;
}

/** The checked-in file: justified findings, and files the tool cannot read. */
export interface Justifications {
  findings: Accepted[];
  unscannable: Unscannable[];
}

/** What a scan found, and which files it could not read. */
export interface ScanResult {
  findings: Finding[];
  /** Paths relative to the scanned folder, with the parser's message. */
  unreadable: { file: string; message: string }[];
}

/** Checks that are not run, each with its reason (kept next to the justifications). */
const EXCLUDED = ['AvailableSecurityFixesGlobalCheck'];

const requireHere = createRequire(__filename);

/** Makes the tool's HTTP client fail at once, so a scan is offline and quick. */
function refuseDownloads(): void {
  const toolDir = dirname(requireHere.resolve('@doyensec/electronegativity/package.json'));
  const gotPath = requireHere.resolve('got', { paths: [join(toolDir, 'dist')] });
  const refuse = () => Promise.reject(new Error('Frontdesk scans offline'));
  const stub = Object.assign(refuse, { head: refuse, get: refuse });
  requireHere.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: stub } as unknown as NodeModule;
}

interface Sarif {
  runs: {
    results: {
      ruleId: string;
      locations: {
        physicalLocation: {
          artifactLocation: { uri: string };
          region: { startLine: number; startColumn: number; charLength: number };
        };
      }[];
    }[];
  }[];
}

/** The report, once the tool's own (unawaited) write of it is complete. */
async function readReport(path: string): Promise<Sarif> {
  for (let attempt = 0; ; attempt++) {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Sarif;
    } catch (error) {
      if (attempt >= 200) throw error;
      await delay(25);
    }
  }
}

/** Runs the scan over `input` and returns its findings, read back from the SARIF file it writes. */
export async function scan(input: string, electronVersion: string): Promise<ScanResult> {
  refuseDownloads();
  process.env.LANG = 'en-US';
  const run = requireHere('@doyensec/electronegativity/dist/runner.js') as (
    options: Record<string, unknown>,
    forCli: boolean,
  ) => Promise<{ errors: { file: string; message: string; tolerable: boolean }[] }>;
  const work = mkdtempSync(join(tmpdir(), 'frontdesk-electronegativity-'));
  try {
    const output = join(work, 'report.sarif');
    const result = await run(
      {
        input: resolve(input),
        output,
        isSarif: true,
        isRelative: true,
        isVerbose: false,
        customScan: [],
        excludeFromScan: EXCLUDED,
        electronVersionOverride: electronVersion,
        parserPlugins: [],
      },
      false,
    );
    const unreadable = result.errors
      .filter((error) => !error.tolerable)
      .map((error) => ({ file: relative(resolve(input), error.file), message: error.message }));
    const sarif = await readReport(output);
    const findings = sarif.runs.flatMap((run) =>
      run.results.map((result) => {
        const where = result.locations[0]!.physicalLocation;
        const file = where.artifactLocation.uri;
        const line = where.region.startLine;
        let code = '';
        if (file !== 'file:///' && file !== 'N/A') {
          const text = readFileSync(join(input, file), 'utf8').split('\n')[line - 1] ?? '';
          code = text.slice(where.region.startColumn - 1, where.region.startColumn - 1 + where.region.charLength);
        }
        return { rule: result.ruleId, file, line, code };
      }),
    );
    return { findings, unreadable };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function entries<T>(path: string, list: unknown, fields: readonly (keyof T & string)[]): T[] {
  if (!Array.isArray(list)) throw new Error(`${path}: expected a list`);
  return list.map((entry: Record<string, unknown>, index) => {
    for (const field of fields)
      if (typeof entry[field] !== 'string') throw new Error(`${path}: entry ${index + 1} has no ${field}`);
    if (String(entry.why).trim().length < 20) throw new Error(`${path}: entry ${index + 1} needs a real reason`);
    return entry as T;
  });
}

/** Reads the checked-in justifications. */
export function readJustifications(path: string): Justifications {
  const file = parse(readFileSync(path, 'utf8')) as { findings?: unknown; unscannable?: unknown } | null;
  return {
    findings: entries<Accepted>(path, file?.findings ?? [], ['rule', 'file', 'code', 'why']),
    unscannable: entries<Unscannable>(path, file?.unscannable ?? [], ['file', 'why']),
  };
}

/** What fails the check: findings nobody justified, justifications that match nothing, files left unread. */
export interface Verdict {
  unjustified: Finding[];
  stale: Accepted[];
  unread: ScanResult['unreadable'];
}

const namePattern = (name: string) =>
  new RegExp(
    `^${name
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );

/** Pairs findings with justifications, each used once: what is left on either side is a failure. */
export function judge(result: ScanResult, justified: Justifications): Verdict {
  const left = [...justified.findings];
  const unjustified: Finding[] = [];
  for (const finding of result.findings) {
    const at = left.findIndex(
      (entry) => entry.rule === finding.rule && entry.file === finding.file && finding.code.includes(entry.code),
    );
    if (at < 0) unjustified.push(finding);
    else left.splice(at, 1);
  }
  const unread = result.unreadable.filter(
    (error) => !justified.unscannable.some((entry) => namePattern(entry.file).test(error.file)),
  );
  return { unjustified, stale: left, unread };
}

async function main(): Promise<void> {
  const root = resolve(__dirname, '..');
  const electronVersion = (requireHere('electron/package.json') as { version: string }).version;
  const result = await scan(join(root, 'out'), electronVersion);
  const acceptedPath = join(root, 'test/security/electronegativity-accepted.yml');
  const { unjustified, stale, unread } = judge(result, readJustifications(acceptedPath));
  for (const finding of unjustified)
    console.error(`electronegativity: ${finding.rule} in out/${finding.file}:${finding.line}: ${finding.code}`);
  for (const entry of stale)
    console.error(`electronegativity: no longer found (remove it from ${acceptedPath}): ${entry.rule} ${entry.code}`);
  for (const error of unread) console.error(`electronegativity: could not read out/${error.file}: ${error.message}`);
  if (unjustified.length + stale.length + unread.length > 0) {
    console.error(
      `electronegativity: ${unjustified.length} unjustified finding(s), ${stale.length} stale justification(s), ${unread.length} unread file(s)`,
    );
    process.exit(1);
  }
  console.log(
    `electronegativity: ${result.findings.length} finding(s) over out/, each justified in ${relative(root, acceptedPath)}`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`electronegativity: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
