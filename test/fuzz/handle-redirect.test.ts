/**
 * Fuzz core's one redirect door: with a sign-in pending and the genuine answer in hand, nothing but
 * that answer is accepted — no random string, no look-alike URL, no real code under a wrong state —
 * and nothing else ever reaches the token endpoint.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { admin, browserAnswer, useAuthKit } from '../support/auth-fixture';

const RUNS = 300;
const REDIRECT = 'com.frontdesk.app:/oauth/callback';
const kit = useAuthKit({ sandbox: { codeTtlS: 600 }, core: 'custom-scheme', per: 'file' });
let genuine: string;
let code: string;
let state: string;

beforeAll(async () => {
  const answer = await browserAnswer(kit.made, { email: 'owner@frontdesk.test' });
  genuine = answer.location;
  code = answer.params.get('code')!;
  state = answer.params.get('state')!;
});

/**
 * Whether `raw` may be the service's own answer to the attempt, which core then must act on: our
 * redirect with exactly the real state and either one code (RFC 6749 §4.1.2) or an error (§4.1.2.1).
 * Everything else must be refused with the attempt kept.
 */
function mayBeOurAnswer(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  const shape =
    url.protocol === 'com.frontdesk.app:' &&
    url.host === '' &&
    !url.username &&
    !url.password &&
    url.pathname === '/oauth/callback' &&
    !url.hash;
  const q = url.searchParams;
  const states = q.getAll('state');
  const codes = q.getAll('code');
  return (
    shape && states.length === 1 && states[0] === state && ((codes.length === 1 && codes[0] !== '') || q.has('error'))
  );
}

/** Refused, the attempt still pending, and the token endpoint never asked. */
async function expectRefused(input: unknown): Promise<void> {
  const outcome = await kit.made.core.auth.handleRedirect(input);
  expect(outcome.ok, `accepted: ${JSON.stringify(input)}`).toBe(false);
  expect(kit.made.core.auth.status().state).toBe('signing_in');
  expect(await admin(kit.sb).tokenRequests()).toBe(0);
}

/** Mostly the genuine part, sometimes a variant: so most look-alikes differ from the real redirect in one place. */
const mostly = <T>(genuinePart: T, variants: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(genuinePart) }, { weight: 1, arbitrary: variants });

const schemes = mostly(
  'com.frontdesk.app',
  fc.oneof(
    fc.constantFrom(
      'COM.Frontdesk.App',
      'com.frontdesk.ap',
      'com.frontdesk.app.evil',
      'com.frontdesk',
      'http',
      'https',
      'file',
      'javascript',
      'data',
    ),
    fc.stringMatching(/^[a-z][a-z0-9+.-]{0,12}$/),
  ),
);
const authorities = mostly(
  '',
  fc.oneof(
    fc.constantFrom(
      '//',
      '///',
      '//evil.example',
      '//127.0.0.1:8080',
      '//user@',
      '//user:pw@evil',
      '//com.frontdesk.app',
      '//:1',
    ),
    fc.domain().map((d) => `//${d}`),
  ),
);
const paths = mostly(
  '/oauth/callback',
  fc.oneof(
    fc.constantFrom(
      '/oauth/callback/',
      '/oauth/Callback',
      '/oauth',
      '/',
      '',
      'oauth/callback',
      '/oauth//callback',
      '/%6Fauth/callback',
      '/oauth/callback/..',
    ),
    fc.webPath(),
  ),
);
const wrong = () =>
  fc.oneof(
    fc.constantFrom('', `${state}x`, state.toUpperCase(), ` ${state}`, state.slice(1), code, 'access_denied'),
    fc.string({ maxLength: 50 }),
    fc.base64String({ minLength: 43, maxLength: 44 }),
  );
/** A parameter: absent, once (real or wrong value) or twice. */
const param = (name: string, real: string) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<string[]>([]) },
    { weight: 4, arbitrary: mostly(real, wrong()).map((v) => [`${name}=${encodeURIComponent(v)}`]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(mostly(real, wrong()), mostly(real, wrong()))
        .map(([a, b]) => [`${name}=${encodeURIComponent(a)}`, `${name}=${encodeURIComponent(b)}`]),
    },
  );
const extras = () =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom('iss', 'error', 'response', 'id_token', 'token', 'foo', 'STATE', 'code ', 'state[]'),
        wrong(),
      ),
      { maxLength: 2 },
    )
    .map((xs) => xs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`));
const fragments = mostly(
  '',
  fc.string({ maxLength: 20 }).map((f) => `#${f}`),
);

const lookalikes = () =>
  fc
    .tuple(schemes, authorities, paths, param('code', code), param('state', state), extras(), fragments)
    .chain(([scheme, authority, path, c, st, x, fragment]) =>
      fc
        .shuffledSubarray([...c, ...st, ...x], { minLength: c.length + st.length + x.length })
        .map((query) => `${scheme}:${authority}${path}${query.length ? `?${query.join('&')}` : ''}${fragment}`),
    );

/** One edit of the genuine redirect: a character dropped, replaced or inserted. */
const mutations = () =>
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('drop', 'replace', 'insert'),
      fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
    )
    .map(([at, op, ch]) => {
      const i = at % genuine.length;
      if (op === 'drop') return genuine.slice(0, i) + genuine.slice(i + 1);
      if (op === 'replace') return genuine.slice(0, i) + ch + genuine.slice(i + 1);
      return genuine.slice(0, i) + ch + genuine.slice(i);
    });

it('refuses arbitrary strings and values', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.string({ maxLength: 200, unit: 'binary' }),
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.anything(),
      ),
      async (input) => {
        fc.pre(typeof input !== 'string' || !mayBeOurAnswer(input));
        await expectRefused(input);
      },
    ),
    { numRuns: RUNS },
  );
});

it('refuses look-alike redirects, the real code under any other state included', async () => {
  await fc.assert(
    fc.asyncProperty(lookalikes(), async (url) => {
      fc.pre(!mayBeOurAnswer(url));
      await expectRefused(url);
    }),
    {
      numRuns: RUNS,
      examples: [
        [`${REDIRECT}?code=${code}&state=${state}x`],
        [`${REDIRECT}?code=${code}`],
        [`${REDIRECT}?state=${state}&state=${state}&code=${code}`],
      ],
    },
  );
});

it('refuses one-character edits of the genuine redirect that change its meaning', async () => {
  await fc.assert(
    fc.asyncProperty(mutations(), async (url) => {
      fc.pre(!mayBeOurAnswer(url));
      await expectRefused(url);
    }),
    { numRuns: RUNS },
  );
});

it('then accepts the genuine redirect, once', async () => {
  const before = await admin(kit.sb).stats();
  expect(before.tokenGrants.authorization_code).toBe(0);
  expect(await kit.made.core.auth.handleRedirect(genuine)).toMatchObject({ ok: true });
  expect(kit.made.core.auth.status().state).toBe('signed_in');
  expect((await kit.made.core.auth.handleRedirect(genuine)).ok).toBe(false);
  const after = await admin(kit.sb).stats();
  expect(after.tokenGrants.authorization_code).toBe(1);
  expect(after.codeReuseDetections).toBe(0);
  // Hundreds of refusals, many carrying the real code: none of it in the log.
  expect(kit.made.log.lines.length).toBeGreaterThan(RUNS);
  expect(kit.made.log.lines.join('\n')).not.toContain(code);
});
