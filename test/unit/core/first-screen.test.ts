/**
 * The first screen core writes into the page (main/core/first-screen.ts), with a drawing of the test's own: only for a
 * session signed in with a zone and a saved day; within a budget; what the drawing gives checked before it is
 * written (rules that could close their `<style>`, markup that could run or load, stylesheets not the renderer's);
 * a fresh nonce each time, and the CSP naming it (main/core/security/csp.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Agenda, AuthStatus, CalendarList, ThemeChoice } from '../../../common/contract';
import type { FirstScreenInput, FirstScreenMarkup, FirstScreenRenderer } from '../../../common/first-screen';
import { FirstScreenDrawings, pageWithFirstScreen, type FirstScreenSource } from '../../../main/core/first-screen';
import { buildCsp } from '../../../main/core/security/csp';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { fakeClock } from '../../support/fake-clock';

const PAGE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Frontdesk</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const dir = tempDir();
const rendererDir = join(dir.dir, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
writeFileSync(join(rendererDir, 'assets', 'Schedule-AbCdEf12.css'), '.x{}');
writeFileSync(join(dir.dir, 'outside.css'), '.x{}');
afterAll(() => dir.cleanup());

const signedIn: AuthStatus = {
  state: 'signed_in',
  user: { name: 'Owner', email: 'owner@frontdesk.test' },
  actingFor: null,
  account: { key: 'acct-1', practiceName: 'Lakeside', zone: 'America/Chicago' },
  grantedScopes: [],
  storage: 'keystore',
  signIn: null,
  notice: null,
} as AuthStatus;
const calendars: CalendarList = {
  calendars: [{ id: 1, name: 'Dr Lee', timeZone: 'America/Chicago' }],
  practiceZone: 'America/Chicago',
  fetchedAt: 1,
  source: 'cache',
};
const agenda: Agenda = { items: [], fetchedAt: 1, source: 'cache' };
const RANGE = { begin: '2026-11-26T06:00:00.000Z', end: '2026-11-27T06:00:00.000Z' };

/** A core's side with everything saved, each part replaceable. */
function source(over: Partial<FirstScreenSource> = {}) {
  const log = memoryLogger();
  const asked: string[] = [];
  const src: FirstScreenSource = {
    status: () => signedIn,
    theme: (): ThemeChoice => 'system',
    savedCalendars: async () => calendars,
    savedRange: async (begin, end) => {
      asked.push(`${begin}/${end}`);
      return agenda;
    },
    clock: fakeClock(),
    log,
    ...over,
  };
  return { core: { firstScreen: src }, log, asked };
}

/** A drawing that gives `markup` and keeps what it was asked to draw. */
function drawing(markup: Partial<FirstScreenMarkup> = {}) {
  const drawn: FirstScreenInput[] = [];
  const renderer: FirstScreenRenderer = {
    range: (status) => (status.account?.zone ? RANGE : null),
    render: (input) => {
      drawn.push(input);
      return {
        html: '<p class="day">Tuesday</p>',
        css: '#first-screen{color-scheme:light}',
        stylesheets: [],
        ...markup,
      };
    },
  };
  return { renderer, drawn };
}

const write = (core: ReturnType<typeof source>['core'], renderer: FirstScreenRenderer | null, budgetMs?: number) =>
  pageWithFirstScreen(core, PAGE, { renderer, rendererDir, ...(budgetMs === undefined ? {} : { budgetMs }) });

describe('the first screen written into the page', () => {
  it('draws the saved day of the range the drawing names, inert, before the app’s root, its rules with a nonce', async () => {
    const { core, asked } = source();
    const { renderer, drawn } = drawing();
    const page = await write(core, renderer);
    expect(asked).toEqual([`${RANGE.begin}/${RANGE.end}`]);
    expect(drawn[0]).toMatchObject({ status: signedIn, calendars, agenda, range: RANGE, theme: 'system' });
    expect(page!.html).toContain(
      '<div id="first-screen" inert aria-hidden="true"><p class="day">Tuesday</p></div><div id="root">',
    );
    expect(page!.html).toContain(`<style nonce="${page!.nonce}">#first-screen{color-scheme:light}</style></head>`);
  });

  it('is left out when signed out, with no zone, with no drawing, or with nothing saved for the range', async () => {
    const { renderer } = drawing();
    const signedOut = { ...signedIn, state: 'signed_out', account: null } as AuthStatus;
    expect(await write(source({ status: () => signedOut }).core, renderer)).toBeNull();
    // Whatever else the status says: only a session signed in draws.
    for (const state of ['signed_out', 'signing_in'] as const)
      expect(await write(source({ status: () => ({ ...signedIn, state }) }).core, renderer), state).toBeNull();
    const noZone = { ...signedIn, account: { ...signedIn.account!, zone: null } };
    expect(await write(source({ status: () => noZone }).core, renderer)).toBeNull();
    expect(await write(source().core, null)).toBeNull();
    expect(await write(source({ savedRange: async () => null }).core, renderer)).toBeNull();
    expect(await write(source({ savedCalendars: async () => null }).core, renderer)).toBeNull();
  });

  it('is left out when another account signed in while the saved day was read', async () => {
    let reads = 0;
    const other = { ...signedIn, account: { ...signedIn.account!, key: 'acct-2' } };
    const { core } = source({ status: () => (reads++ === 0 ? signedIn : other) });
    expect(await write(core, drawing().renderer)).toBeNull();
  });

  it('goes out as built when the saved day takes longer than the budget', async () => {
    const clock = fakeClock();
    const { core, log } = source({ clock, savedRange: () => new Promise<Agenda>(() => undefined) });
    const pending = write(core, drawing().renderer, 60_000);
    await Promise.resolve();
    clock.advance(60_000);
    expect(await pending).toBeNull();
    expect(log.lines.join('\n')).toContain('took too long');
  });

  it('never throws: a failing read or drawing serves the page as built, logged', async () => {
    const broken = source({ savedRange: () => Promise.reject(new Error('disk gone')) });
    expect(await write(broken.core, drawing().renderer)).toBeNull();
    expect(broken.log.lines.join('\n')).toContain('disk gone');
    const throwing: FirstScreenRenderer = {
      range: () => RANGE,
      render: () => {
        throw new Error('cannot draw');
      },
    };
    expect(await write(source().core, throwing)).toBeNull();
  });

  it('refuses rules that could close their style element, and markup that could run or load', async () => {
    const { core } = source();
    expect(await write(core, drawing({ css: '#a{}</style><script>alert(1)</script>' }).renderer)).toBeNull();
    for (const html of [
      '<script>alert(1)</script>',
      '<link rel="stylesheet" href="/x.css">',
      '<meta http-equiv="refresh" content="0;url=//x">',
      '<iframe src="//x"></iframe>',
      '<STYLE>p{}</STYLE>',
    ])
      expect(await write(core, drawing({ html }).renderer), html).toBeNull();
  });

  it('links only the renderer’s own built stylesheets under /assets/', async () => {
    const { core } = source();
    const stylesheets = [
      './assets/Schedule-AbCdEf12.css',
      '/assets/Schedule-AbCdEf12.css',
      './assets/Missing-AbCdEf12.css',
      '/assets/../../outside.css',
      '//evil.example/assets/a.css',
      'https://evil.example/assets/a.css',
      '/assets/a.css" onload="alert(1)',
    ];
    const page = await write(core, drawing({ stylesheets }).renderer);
    const links = [...page!.html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]*)">/g)].map((m) => m[1]);
    expect(links).toEqual(['./assets/Schedule-AbCdEf12.css', '/assets/Schedule-AbCdEf12.css']);
  });

  it('marks the theme chosen on <html>, as the app does as it starts', async () => {
    const page = await write(source({ theme: () => 'dark' }).core, drawing().renderer);
    expect(page!.html).toContain('<html data-theme="dark" lang="en">');
    const system = await write(source().core, drawing().renderer);
    expect(system!.html).toContain('<html lang="en">');
  });

  it('has a fresh nonce each time, and the CSP names it for styles alone, with no unsafe-inline', async () => {
    const { core } = source();
    const { renderer } = drawing();
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add((await write(core, renderer))!.nonce);
    expect(nonces.size).toBe(5);
    const [nonce] = nonces;
    const csp = buildCsp({ styleNonce: nonce! });
    const directives = csp.split('; ');
    expect(directives.find((d) => d.startsWith('style-src'))).toContain(`'nonce-${nonce}'`);
    expect(directives.filter((d) => d.includes('nonce-'))).toHaveLength(1);
    expect(csp).not.toContain('unsafe-inline');
    // Nothing else differs from the page's own CSP.
    expect(directives.filter((d) => !d.startsWith('style-src'))).toEqual(
      buildCsp()
        .split('; ')
        .filter((d) => !d.startsWith('style-src')),
    );
    expect(() => buildCsp({ styleNonce: "x'; script-src *" })).toThrow();
  });
});

describe('the drawing kept for the next page', () => {
  it('draws again only when what it shows changed or the half-minute did, and forgets it at sign-out', async () => {
    let now = Date.parse('2026-11-26T15:00:05Z');
    let saved = agenda;
    let status = signedIn;
    const drawings = new FirstScreenDrawings();
    const { core } = source({
      clock: { ...fakeClock(), now: () => now },
      savedRange: async () => saved,
      status: () => status,
      drawings,
    });
    const { renderer, drawn } = drawing();
    const first = await write(core, renderer);
    const again = await write(core, renderer);
    expect(drawn).toHaveLength(1);
    expect(drawings.counts).toEqual({ drawn: 1, reused: 1 });
    // The same markup, each page with a nonce of its own.
    expect(again!.html.replace(again!.nonce, '')).toBe(first!.html.replace(first!.nonce, ''));
    expect(again!.nonce).not.toBe(first!.nonce);
    now += 20_000; // 15:00:25, the same half-minute
    await write(core, renderer);
    expect(drawn).toHaveLength(1);
    now += 10_000; // 15:00:35: the now line may have moved
    await write(core, renderer);
    expect(drawn).toHaveLength(2);
    saved = { ...agenda, fetchedAt: 2 }; // read again
    await write(core, renderer);
    expect(drawn).toHaveLength(3);
    status = { ...signedIn, state: 'signed_out', account: null } as AuthStatus;
    expect(await write(core, renderer)).toBeNull();
    status = signedIn;
    await write(core, renderer);
    expect(drawn, 'nothing of the session before is kept past a sign-out').toHaveLength(4);
  });

  it('says when a drawing made now goes out of date by the clock: just past the next half-minute', async () => {
    const at = Date.parse('2026-11-26T15:00:05Z');
    for (const now of [at, at + 24_999, at + 25_000, at - 5_000]) {
      const later = now + FirstScreenDrawings.outOfDateIn(now);
      expect(Math.floor(later / 30_000), new Date(now).toISOString()).toBe(Math.floor(now / 30_000) + 1);
      expect(later - now).toBeLessThanOrEqual(30_001);
      // Drawn at that moment, a page asked for in the same half-minute reuses it.
      const drawings = new FirstScreenDrawings();
      let clockNow = later;
      const { core } = source({ clock: { ...fakeClock(), now: () => clockNow }, drawings });
      const { renderer, drawn } = drawing();
      await write(core, renderer);
      clockNow = later + 29_000;
      await write(core, renderer);
      expect(drawn).toHaveLength(1);
    }
  });
});
