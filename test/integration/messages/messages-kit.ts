/** A signed-in core with the messaging scopes against a real sandbox, its events, and the sandbox's inbound route. */
import type { EventChannel, PayloadOf } from '../../../common/contract';
import { DEFAULT_SCOPES } from '../../../main/core/config';
import type { Sandbox } from '../../sandbox/index';
import { customSchemeCore, signInAs, type MadeCore } from '../../support/auth-fixture';
import type { MakeCoreOptions } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';

/** Every scope the app asks for, plus reading and sending texts. */
export const MESSAGING_SCOPES: string[] = [...DEFAULT_SCOPES];

/** A started core signed in as the owner (`scopes` narrows the sign-in), polling texts every `pollMs`. */
export async function messagingCore(
  sb: Sandbox,
  options: { scopes?: string[]; pollMs?: number; hiddenPollMs?: number } & MakeCoreOptions = {},
): Promise<MadeCore> {
  const { scopes, pollMs, hiddenPollMs, ...rest } = options;
  const made = customSchemeCore(sb, {
    outbox: { baseDelayMs: 20, maxDelayMs: 200 },
    messages: { pollMs: pollMs ?? 60_000, hiddenPollMs: hiddenPollMs ?? 120_000 },
    config: { scopes: scopes ?? MESSAGING_SCOPES },
    ...rest,
  });
  await made.core.start();
  await signInAs(made, 'owner@frontdesk.test');
  await waitFor(() => made.core.connectivity.current().state === 'online', { what: 'the core to see the service' });
  return made;
}

/** Keeps every event core emits on `channel`. */
export function recordEvents<E extends EventChannel>(made: MadeCore, channel: E): PayloadOf<E>[] {
  const seen: PayloadOf<E>[] = [];
  made.core.events.attach((c, payload) => {
    if (c === channel) seen.push(payload as PayloadOf<E>);
  });
  return seen;
}

/** POST /__sandbox/inbound: a patient answers. */
export async function patientTexts(
  sb: Sandbox,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sb.url}/__sandbox/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The sandbox's count of texts sent (recorded outbound messages). */
export async function textsRecorded(sb: Sandbox): Promise<number> {
  const res = await fetch(`${sb.url}/__sandbox/stats`);
  return ((await res.json()) as { messagesRecorded: number }).messagesRecorded;
}
