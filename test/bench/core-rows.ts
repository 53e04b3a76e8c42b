/**
 * Rows measured through the core's public API with its listeners attached (the dispatcher the bridge calls, the event
 * bus wired), against the sandbox over real HTTP, each with its reference from the same run.
 */
import { fsyncSync, mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, startAuthSandbox } from '../support/auth-fixture';
import { call, signedInCore } from '../support/bootstrap';
import { mintToken } from '../integration/outbox/helpers';
import { drained, openOutbox, tokenClient } from '../integration/outbox/outbox-setup';
import { ContactIndex } from '../../common/contacts/contact-index';
import { viewOf } from '../../main/core/contacts/contact-view';
import { meaningOf } from '../../main/core/contacts/search-query';
import type { Unit } from './runner';
import { ratioRow, sample, timeSample, valueRow, type Row, type Sample } from './table';

const RUNS = 5;

const week = () => ({
  begin: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  end: new Date(Date.now() + 4 * 86_400_000).toISOString(),
});

/** Times `a` and `b` in turn, `runs` times each after a warm-up of each: a change in the machine's load falls on both. */
async function interleaved(a: () => unknown, b: () => unknown, runs: number): Promise<[Sample, Sample]> {
  const times: [number[], number[]] = [[], []];
  await a();
  await b();
  for (let i = 0; i < runs; i++)
    for (const [n, fn] of [a, b].entries()) {
      const t0 = performance.now();
      await fn();
      times[n]!.push(performance.now() - t0);
    }
  return [sample(times[0]), sample(times[1])];
}

/**
 * Rows 6 and 8: reads and enqueues with none / 100 / 10,000 changes queued for the signed-in account. The reads with
 * none are a second core's (the same user on the same sandbox, nothing queued), timed in turn with the queued one's.
 */
async function queuedReadRows(): Promise<Row[]> {
  const sb = await startAuthSandbox({ contacts: 300, events: 600 });
  const made = await signedInCore(sb);
  const plain = await signedInCore(sb);
  // A host sink that serialises every event, as the browser host does for its page.
  const sink = (channel: string, payload: unknown) => void JSON.stringify({ channel, payload });
  const offEvents = [made.core.events.attach(sink), plain.core.events.attach(sink)];
  try {
    const range = week();
    const events = (await call(made, 'calendar:range', range)).items.filter((i) => i.id > 0);
    const read = (core: typeof made) => ({
      range: () => call(core, 'calendar:range', range),
      search: () => call(core, 'contacts:search', { query: 'an' }),
    });
    // Marks hang at the service (20 s each) so what is queued stays queued while the reads are timed.
    await admin(sb).faults({ latencyMs: 20_000, routes: ['/v1/event/mark'] });
    let n = 0;
    const mark = () => {
      const e = events[n++ % events.length]!;
      return call(made, 'calendar:mark', {
        eventId: e.id,
        state: 'arrived',
        startsAt: new Date(e.start).toISOString(),
      });
    };
    for (let i = 0; i < 100; i++) await mark();
    const enqueue100 = await timeSample(mark, 40, 0);
    while (n < 10_000) await Promise.all(Array.from({ length: 100 }, mark));
    const enqueue10k = await timeSample(mark, 40, 0);
    // Reads of a few milliseconds each, beside a queue whose sends hang and retry: 15 of each moved the median by a
    // fifth from one run to the next (row 6b read 0.99× and 1.32× back to back); 41 take about two seconds.
    const [queuedRange, noneRange] = await interleaved(read(made).range, read(plain).range, 41);
    const [queuedSearch, noneSearch] = await interleaved(read(made).search, read(plain).search, 41);
    return [
      ratioRow(
        '6a. calendar:range (a week) with 10,000 queued vs none',
        queuedRange,
        noneRange,
        'ms',
        '≤ 1.2×',
        (r) => r <= 1.2,
      ),
      ratioRow(
        '6b. contacts:search with 10,000 queued vs none',
        queuedSearch,
        noneSearch,
        'ms',
        '≤ 1.2×',
        (r) => r <= 1.2,
      ),
      ratioRow(
        '8. enqueue (calendar:mark, fsync) at 10,000 queued vs 100',
        enqueue10k,
        enqueue100,
        'ms',
        '≤ 1.2×',
        (r) => r <= 1.2,
      ),
    ];
  } finally {
    offEvents.forEach((off) => off());
    await admin(sb)
      .clearFaults()
      .catch(() => undefined);
    await plain.cleanup();
    await made.cleanup();
    await sb.close();
  }
}

let person = 0;
const contact = () => ({
  address_book_id: 2001,
  name: `Bench Person ${++person}`,
  phone_numbers: [{ number: `+1312555${String(person % 10000).padStart(4, '0')}`, is_primary: true }],
});

/** Row 7: the outbox draining 1,000 writes vs a raw loop of the same requests with the same two fsyncs each. */
async function drainRow(): Promise<Row> {
  const sb = await startAuthSandbox({ contacts: 50, events: 20 });
  const token = await mintToken(sb.url, 'owner@frontdesk.test');
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdesk-bench-drain-'));
  try {
    // One repetition each, interleaved, so a change in the machine's load falls on both alike.
    const outbox: number[] = [];
    const raw: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      outbox.push(await outboxDrain(sb.url, token, join(dataDir, `outbox-${run}`)));
      raw.push(await rawLoop(sb.url, token, join(dataDir, `raw-${run}.log`)));
    }
    // Throughput ratio: writes per second through the outbox over writes per second of the raw loop.
    return ratioRow(
      '7. outbox drain of 1,000 writes vs raw loop (same requests, 2 fsyncs each)',
      sample(outbox),
      sample(raw),
      'writes/s',
      '≥ 0.9×',
      (r) => r >= 0.9,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await sb.close();
  }
}

/** 1,000 writes queued offline, then drained: writes per second. */
async function outboxDrain(serviceUrl: string, token: string, dataDir: string): Promise<number> {
  const queue = await openOutbox({
    dataDir,
    service: tokenClient(serviceUrl, () => token),
    account: () => 'bench#1',
    online: () => false,
  });
  await Promise.all(Array.from({ length: 1000 }, () => queue.enqueue('contact.create', contact())));
  await queue.close();
  const sender = await openOutbox({ dataDir, service: tokenClient(serviceUrl, () => token), account: () => 'bench#1' });
  const listened: unknown[] = [];
  sender.onChange((e) => listened.push(e.type));
  const t0 = performance.now();
  sender.start();
  await drained(sender, 'bench#1', 240_000);
  const seconds = (performance.now() - t0) / 1000;
  await sender.close();
  return 1000 / seconds;
}

/** The reference: the same 1,000 POSTs, 4 at a time like the outbox, each with an fsync before and after. */
async function rawLoop(serviceUrl: string, token: string, file: string): Promise<number> {
  const fd = openSync(file, 'a');
  const one = async () => {
    writeSync(fd, 'sending\n');
    fsyncSync(fd);
    const res = await fetch(`${serviceUrl}/v1/contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contacts: [contact()] }),
    });
    await res.arrayBuffer();
    writeSync(fd, 'done\n');
    fsyncSync(fd);
  };
  let next = 0;
  const r0 = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next++ < 1000) await one();
    }),
  );
  const seconds = (performance.now() - r0) / 1000;
  closeSync(fd);
  return 1000 / seconds;
}

/** Row 10: 100 concurrent calls with an expired access token cause exactly one refresh at the sandbox. */
async function singleFlightRow(): Promise<Row> {
  const sb = await startAuthSandbox({ contacts: 50, events: 20, accessTtlS: 6 });
  const made = await signedInCore(sb);
  try {
    const before = (await admin(sb).stats()).tokenGrants.refresh_token ?? 0;
    await new Promise((r) => setTimeout(r, 6_500)); // let the 6-second access token expire
    await Promise.all(Array.from({ length: 100 }, () => call(made, 'contacts:search', { query: 'a' })));
    const refreshes = ((await admin(sb).stats()).tokenGrants.refresh_token ?? 0) - before;
    return valueRow(
      '10. refreshes for 100 concurrent calls with an expired token',
      refreshes,
      'requests',
      'exactly 1',
      (v) => v === 1,
    );
  } finally {
    await made.cleanup();
    await sb.close();
  }
}

/**
 * Row 4d: a name's first matches from 50,000 kept contacts, in core's own index (contacts/contact-index.ts) without the
 * bridge: the same two-letter words as row 4, and words that match nobody or need a slip forgiven (every name looked at).
 */
async function keptIndexRow(): Promise<Row> {
  const firsts = ['Ana', 'José', 'María', 'John', 'Liam', 'Émilie', 'Zoë', 'Chen', 'Fatima', 'Olga', 'Tomás', 'Kai'];
  const lasts = ['Williams', 'García', 'Núñez', 'Smith', 'Okafor', 'Kowalski', 'Nguyen', 'Øberg', 'Rossi', 'Dubois'];
  const index = new ContactIndex('bench#1');
  const contacts = Array.from({ length: 50_000 }, (_, i) => {
    const [first, last] = [firsts[i % firsts.length]!, `${lasts[(i * 7) % lasts.length]!}${i % 97 ? '' : 'son'}`];
    return viewOf(
      {
        id: i + 1,
        address_book_id: 1,
        external_id: null,
        name: `${first} ${last}`,
        first_name: first,
        last_name: last,
        phone_numbers: [{ number: `312555${String(i % 10_000).padStart(4, '0')}`, normalized: '', type: 'mobile' }],
        email_addresses: [{ address: `p${i}@example.test`, type: 'home' }],
        is_deleted: false,
      } as Parameters<typeof viewOf>[0],
      'US',
    );
  });
  index.add(contacts, Date.now());
  const words = ['an', 'el', 'ma', 'jo', 'li', 'ro', 'sa', 'te', 'mi', 'ka', 'da', 'ri', 'al', 'er', 'on'];
  const walks = ['wiliams', 'tomas nunez', 'zzqx', 'oberg', 'kowalsky'];
  const times: number[] = [];
  for (const word of [...words, ...walks, ...words, ...walks]) {
    const t0 = performance.now();
    index.find(meaningOf(word, 'US'), { limit: 200 });
    times.push(performance.now() - t0);
  }
  return valueRow(
    '4d. first matches among 50,000 kept contacts (core’s index, no bridge), p50 (max: a word that walks them all)',
    sample(times),
    'ms',
    '≤ 16 ms',
    (v) => v <= 16,
  );
}

/** The rows measured through the core's API, in the order they run. */
export const coreUnits: Unit[] = [
  {
    name: 'kept',
    ids: ['4d'],
    half: 'core',
    title: 'first matches among 50,000 kept contacts',
    run: async () => [await keptIndexRow()],
  },
  {
    name: 'queued',
    ids: ['6a', '6b', '8'],
    half: 'core',
    title: 'reads and enqueues with 10,000 changes queued',
    run: queuedReadRows,
  },
  {
    name: 'drain',
    ids: ['7'],
    half: 'core',
    title: 'outbox drain of 1,000 writes',
    run: async () => [await drainRow()],
  },
  {
    name: 'refresh',
    ids: ['10'],
    half: 'core',
    title: 'refreshes for 100 concurrent calls with an expired token',
    run: async () => [await singleFlightRow()],
  },
];
