/**
 * The first screen a host writes into its page (renderer/first-screen/): today's schedule drawn by the app's own
 * components from what core answers, run from source on the real core over HTTP. Every appointment of the hours the
 * grid opens at is in the markup, and the markup can be written into a page whose CSP refuses inline styles and
 * scripts: no `style` attribute, no script, no handler, and a value from the service (a name, a colour) can neither
 * break out of the markup nor out of the rules or their `<style>`.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Agenda, AgendaItem, AuthStatus, CalendarList } from '../../../common/contract';
import type { FirstScreenInput, FirstScreenRenderer } from '../../../common/first-screen';
import { useRendererOnCore } from '../../support/bootstrap';

useRendererOnCore('owner@frontdesk.test', { screenFirst: { quietMs: 600_000, firstScreenMs: 600_000 } });
let firstScreen: FirstScreenRenderer;
let gone: (item: AgendaItem) => boolean;
let status: AuthStatus;
let calendars: CalendarList;
let zone: string;

/** `ok` answers' values. */
function value<T>(answer: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

beforeAll(async () => {
  // The stores read window.frontdesk (here the real core's bridge) when they load.
  ({ firstScreen } = await import('../../../renderer/first-screen'));
  const { appointmentState } = await import('../../../renderer/features/calendar/appointment-state');
  gone = (item) => appointmentState(item).gone;
  calendars = value(await window.frontdesk!.invoke['calendar:calendars']());
  status = value(await window.frontdesk!.invoke['auth:status']());
  zone = status.account?.zone ?? '';
  expect(zone, 'core tells the practice’s zone with the session').not.toBe('');
});

/** Epoch ms of `hour` o'clock today in the practice's zone (the sandbox seeds today's appointments in working hours). */
async function todayAt(hour: number): Promise<number> {
  const { startOfDayKey, dayKey } = await import('../../../common/practice-time');
  return startOfDayKey(dayKey(Date.now(), zone), zone) + hour * 3600_000;
}

/** The input as a host gathers it at `now`, with today's range as core answers it. */
async function inputAt(now: number, agenda?: Agenda): Promise<FirstScreenInput> {
  const range = firstScreen.range(status, now);
  expect(range, 'a signed-in session with a zone has a first range').not.toBeNull();
  const read = agenda ?? value(await window.frontdesk!.invoke['calendar:range']({ ...range!, savedFirst: true }));
  return { status, theme: 'system', calendars, agenda: read, range: range!, now };
}

/** What the markup must never hold to be written into the page as it is. */
function expectWritable(html: string, css: string): void {
  // Text and attribute values have their `<`, `>` and `"` escaped: a start tag ends at its first `>`.
  const tags = html.match(/<[a-zA-Z][^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  const names = new Set(tags.map((tag) => /^<([a-zA-Z0-9-]+)/.exec(tag)![1]!.toLowerCase()));
  for (const unsafe of ['script', 'style', 'link', 'img', 'iframe', 'object', 'embed', 'form', 'base', 'meta'])
    expect(names.has(unsafe), `a <${unsafe}> element`).toBe(false);
  const attributes = tags.flatMap((tag) =>
    [...tag.replace(/="[^"]*"/g, '').matchAll(/\s([^\s/>]+)/g)].map((m) => m[1]!),
  );
  expect(attributes.filter((name) => /^(on|style$|id$|data-testid$|name$|for$|tabindex$)/i.test(name))).toEqual([]);
  expect(css).not.toMatch(/[<>\\@]|url\(/i);
}

it('draws each appointment of the hours the grid opens at, with the rules that place them', async () => {
  // At nine the grid opens at eight and holds the hours to the evening: the working day's appointments.
  const now = await todayAt(9);
  const input = await inputAt(now);
  const shown = input.agenda.items.filter((item) => !gone(item));
  expect(shown.length, 'the sandbox seeds appointments for today').toBeGreaterThan(0);
  const drawn = firstScreen.render(input);
  expect(drawn).not.toBeNull();
  const { html, css } = drawn!;
  for (const item of shown) {
    const block = new RegExp(`<button[^>]*class="appt[^"]*"[^>]*data-id="${item.id}"[^>]*>`).exec(html)?.[0];
    expect(block, `the block of ${item.title} (${item.start})`).toBeDefined();
    // Its place is a rule on the attribute its style became.
    const rule = /data-fs="(\d+)"/.exec(block!)?.[1];
    expect(css).toMatch(new RegExp(`\\[data-fs="${rule}"\\]\\{top:\\d+(\\.\\d+)?px!important;height:`));
  }
  expectWritable(html, css);
  // The grid opens where the app scrolls it: an hour before now (8:00, 48 px an hour), its one snap point.
  expect(html).toMatch(/<div class="grid-scroll"[^>]*><span data-fs-open="" aria-hidden="true"><\/span>/);
  expect(css).toContain('[data-fs-open]{position:absolute;top:384px;');
  // The bench reads when the copy's text was painted.
  expect(html).toContain('elementtiming="fd-first-screen"');
  // The page drops the copy at once when its first screen is another account's.
  expect(html).toContain(`data-account="${status.account!.key}"`);
});

it('keeps what the service names from breaking out of the markup, the rules or their <style>', async () => {
  const now = await todayAt(9);
  const honest = await inputAt(now);
  const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
  const first = honest.agenda.items.find((item) => !gone(item))!;
  const input: FirstScreenInput = {
    ...honest,
    status: { ...status, account: { ...status.account!, practiceName: `Lakeside ${hostile}` } },
    calendars: {
      ...calendars,
      calendars: calendars.calendars.map((c) => ({ ...c, name: `${c.name} ${hostile}`, color: 'red;}</style><x>' })),
    },
    agenda: {
      ...honest.agenda,
      items: honest.agenda.items.map((item) =>
        item.id === first.id
          ? {
              ...item,
              title: `</style><script>alert(3)</script>`,
              people: item.people.map((p) => ({ ...p, name: `${p.name ?? ''} ${hostile}` })),
            }
          : item,
      ),
    },
  };
  const drawn = firstScreen.render(input);
  expect(drawn).not.toBeNull();
  expectWritable(drawn!.html, drawn!.css);
  expect(drawn!.html).not.toContain('<img');
  // The words are there, as text.
  expect(drawn!.html).toContain('Lakeside &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
});

it('draws nothing for a session without a zone, or a range that is not today’s', async () => {
  const now = await todayAt(9);
  const input = await inputAt(now);
  expect(firstScreen.range({ ...status, state: 'signed_out', account: null }, now)).toBeNull();
  expect(firstScreen.range({ ...status, account: { ...status.account!, zone: null } }, now)).toBeNull();
  expect(firstScreen.render({ ...input, now: now + 24 * 3600_000 })).toBeNull();
});
