/**
 * The lists as consent (README, "Lists"): a stop word in a patient's reply fills the stoplist (other words do not),
 * and then a text to them is refused; explicit opt-in (`POST /__sandbox/consent`) lets only opt-in entries be texted
 * and is told by GET /v1/lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, startApi, type Api, type Json } from './helpers';

let api: Api;
const c = clock();

beforeAll(async () => {
  api = await startApi({ now: c.now });
});
afterAll(() => api.close());

const admin = (path: string, body: unknown) =>
  fetch(`${api.sb.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const stoplist = async (): Promise<string[]> =>
  (await api.get('/v1/lists', { type: 'stoplist' })).body.lists.flatMap((l: Json) => l.entries);

describe('stoplist', () => {
  it('fills from STOP, END, QUIT and UNSUBSCRIBE replies (any case), not from other words', async () => {
    const phones = ['+13125557001', '+13125557002', '+13125557003', '+13125557004', '+13125557005'];
    const words = ['stop', 'END', 'Quit!', ' unsubscribe. ', 'please stop texting me'];
    const written = (await api.stats()).listsWritten;
    for (const [i, phone] of phones.entries()) {
      expect((await admin('/__sandbox/inbound', { phone_number: phone, content: words[i] })).status).toBe(200);
    }
    const entries = await stoplist();
    expect(phones.map((p) => entries.includes(p))).toEqual([true, true, true, true, false]);
    expect((await api.stats()).listsWritten).toBe(written); // a side effect, not a list write
    const refused = await api.post('/v1/start_conversation', { phone_number: phones[0], content: 'hi' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toBe('opted_out');
    // A second STOP changes nothing.
    await admin('/__sandbox/inbound', { phone_number: phones[0], content: 'STOP' });
    expect((await stoplist()).filter((e) => e === phones[0])).toHaveLength(1);
  });
});

describe('explicit opt-in', () => {
  it('refuses a recipient on no opt-in list with not_opted_in, and GET /v1/lists tells the setting', async () => {
    expect((await api.get('/v1/lists')).body.explicit_opt_in).toBe(false);
    const optedIn = (await api.get('/v1/lists', { type: 'opt_in' })).body.lists[0].entries[0];
    expect((await admin('/__sandbox/consent', { explicit_opt_in: true })).status).toBe(200);
    try {
      expect((await api.get('/v1/lists')).body.explicit_opt_in).toBe(true);
      const no = await api.post('/v1/start_conversation', { phone_number: '+13125557100', content: 'hi' });
      expect([no.status, no.body.errors]).toEqual([422, 'not_opted_in']);
      const yes = await api.post('/v1/start_conversation', { phone_number: optedIn, content: 'hi' });
      expect(yes.status).toBe(200);
    } finally {
      await admin('/__sandbox/consent', { explicit_opt_in: false });
    }
    expect((await admin('/__sandbox/consent', { explicit_opt_in: 'yes' })).status).toBe(400);
    expect((await admin('/__sandbox/consent', { explicit_opt_in: true, account: 'nobody@x.test' })).status).toBe(404);
  });
});
