/**
 * For the tests of how core's events reach the page (common/event-pacer.ts through either transport): the events of
 * one drained write, and a listener that counts renders — tasks in which events were handed on, as React renders once
 * per task.
 */

/** What the page is told as one write is sent and answered: [channel, payload] in order. */
export const writeEvents = (n: number): [string, unknown][] => [
  ['outbox:item', { id: `op${n}`, status: 'sending' }],
  ['store:changed', { appointments: [{ id: n, pendingMark: 'sending' }] }],
  ['outbox:item', { id: `op${n}`, status: 'done' }],
  ['store:changed', { appointments: [{ id: n, pendingMark: null }] }],
  ['outbox:changed', { queued: 1000 - n }],
];

/** Listens to a drain's channels through `subscribe`, counting renders. */
export function listenCountingRenders(subscribe: (channel: string, listener: (payload: unknown) => void) => unknown) {
  const heard: unknown[] = [];
  let renders = 0;
  let inTask = false;
  const take = (payload: unknown) => {
    heard.push(payload);
    if (inTask) return;
    inTask = true;
    renders++;
    void Promise.resolve().then(() => (inTask = false));
  };
  for (const channel of ['outbox:item', 'store:changed', 'outbox:changed']) subscribe(channel, take);
  return { heard, renders: () => renders };
}
