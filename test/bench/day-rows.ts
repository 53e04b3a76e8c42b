/**
 * Rows of a workstation's day, through the core's API against the sandbox over real HTTP: how soon after sign-in the
 * read-ahead has the seeded practice saved for offline work, against the same reads fetched one after another by a
 * bare script.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { admin, customSchemeCore, signInAs, startAuthSandbox } from '../support/auth-fixture';
import { call } from '../support/bootstrap';
import { waitFor } from '../support/wait';
import type { Unit } from './runner';
import { ratioRow, sample, type Row } from './table';

const RUNS = 5;
/** How far away the service is for row 15 (each read waits this long at the sandbox). */
const LATENCY_MS = 30;

/** A read the core sent to the service: what, with which authorization, and how many were in flight with it. */
interface Read {
  url: string;
  authorization: string;
}

/**
 * One sign-in on a new workstation: from the moment core is signed in to the read-ahead done, with the first screen's
 * read (today's schedule, as the app asks it) going right after sign-in as the page's does. Returns the reads the
 * read-ahead sent (not the first screen's), the most of them in flight at once, and how long the first screen's read
 * took.
 */
async function signInReadAhead(sbUrl: string, sb: Parameters<typeof customSchemeCore>[0]) {
  const reads: Read[] = [];
  let inFlight = 0;
  let most = 0;
  let counting = false;
  const screenWork = new AsyncLocalStorage<true>();
  const made = customSchemeCore(sb, {
    // The app's own wait for the first screen (core's defaults), not the tests' none.
    screenFirst: {},
    platform: (p) => ({
      ...p,
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        // The read-ahead's reads: not the texts poller's (threads, their texts and their contacts one by one) nor the
        // connectivity probe's, which go on beside it.
        const read =
          counting &&
          (init?.method ?? 'GET') === 'GET' &&
          url.startsWith(`${sbUrl}/v1/`) &&
          !/\/v1\/(conversation|userinfo|contact\?)/.test(url);
        if (!read) return p.fetch(input, init);
        // The first screen's own reads are its, not the read-ahead's.
        if (screenWork.getStore()) return p.fetch(input, init);
        const headers = new Headers(init?.headers);
        reads.push({ url, authorization: headers.get('authorization') ?? '' });
        most = Math.max(most, ++inFlight);
        try {
          const res = await p.fetch(input, init);
          const body = await res.arrayBuffer();
          return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
        } finally {
          inFlight--;
        }
      },
    }),
  });
  try {
    await made.core.start();
    await signInAs(made, 'owner@frontdesk.test');
    const t0 = performance.now();
    counting = true;
    // The first screen: today's schedule, asked at once (the page's first read after sign-in).
    const day = { begin: new Date(Date.now() - 6 * 3600_000).toISOString(), end: new Date().toISOString() };
    const screen = screenWork.run(true, async () => {
      const s0 = performance.now();
      await call(made, 'calendar:range', day);
      return performance.now() - s0;
    });
    await waitFor(() => made.core.prefetch.lastRun() !== null, { what: 'the read-ahead', timeoutMs: 120_000 });
    const ms = performance.now() - t0;
    const failed = made.core.prefetch.lastRun()!.failed;
    if (failed.length > 0) throw new Error(`the read-ahead failed: ${failed.join(', ')}`);
    return { ms, reads, most, screenMs: await screen };
  } finally {
    await made.cleanup();
  }
}

/** The reference: the same reads, one after another, each read to its end. */
async function bareReads(reads: Read[]): Promise<number> {
  const t0 = performance.now();
  for (const r of reads) await (await fetch(r.url, { headers: { authorization: r.authorization } })).arrayBuffer();
  return performance.now() - t0;
}

/** Row 15: sign-in → read-ahead done, vs the same reads one after another from a bare script. */
async function offlineReadyRow(): Promise<Row> {
  const sb = await startAuthSandbox({ contacts: 300, events: 600 });
  try {
    // The service 30 ms away, as over a network, for both: the sandbox in this process answers in a millisecond, where
    // side by side could only share one thread's time.
    await admin(sb).faults({ latencyMs: LATENCY_MS, routes: ['/v1/'], methods: ['GET'] });
    const ours: number[] = [];
    const bare: number[] = [];
    const most: number[] = [];
    let count = 0;
    // Interleaved, so a change in the machine's load falls on both alike.
    for (let run = 0; run < RUNS; run++) {
      const signedIn = await signInReadAhead(sb.url, sb);
      ours.push(signedIn.ms);
      most.push(signedIn.most);
      count = signedIn.reads.length;
      bare.push(await bareReads(signedIn.reads));
    }
    await admin(sb).clearFaults();
    return ratioRow(
      `15. sign-in → read-ahead done (${count} reads, up to ${Math.max(...most)} at once; service ${LATENCY_MS} ms away) vs the same reads one after another`,
      sample(ours),
      sample(bare),
      'ms',
      '≤ 1.0×',
      (r) => r <= 1.0,
    );
  } finally {
    await sb.close();
  }
}

/** The rows of a workstation's day, in the order they run. */
export const dayUnits: Unit[] = [
  {
    name: 'offline-ready',
    ids: ['15'],
    half: 'core',
    title: 'sign-in → read-ahead done',
    run: async () => [await offlineReadyRow()],
  },
];
