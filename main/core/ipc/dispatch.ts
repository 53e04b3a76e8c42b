/**
 * The one registration path both hosts use: check the sender, parse the args with the
 * contract's schema, then run the handler; any throw becomes an `internal` error value.
 */
import {
  invokeChannels,
  isInvokeChannel,
  type ArgsOut,
  type InvokeChannel,
  type Result,
  type ResultOf,
} from '../../../common/contract';
import type { Logger } from '../platform';
import { fail } from './result';
import { isTrustedSender, originOf, type SenderInfo } from './caller-check';

/** Per-call facts a handler may use. */
interface CallContext {
  sender: SenderInfo;
}

/** The handler table's type: exactly one handler per contract channel. */
export type Handlers = {
  [C in InvokeChannel]: (args: ArgsOut<C>, call: CallContext) => Promise<Result<ResultOf<C>>>;
};

/** The handlers of one domain (`auth:*`, …): exactly that domain's channels, no more, no fewer. */
export type DomainHandlers<D extends string> = {
  [C in InvokeChannel as C extends `${D}:${string}` ? C : never]: Handlers[C];
};

/** A dispatch function hosts call for every incoming invoke. */
export type Dispatch = (channel: unknown, args: unknown, sender: SenderInfo) => Promise<Result<unknown>>;

/** Builds the dispatch function over a handler table. */
export function createDispatcher(handlers: Handlers, options: { trustedOrigin: string; log: Logger }): Dispatch {
  const { trustedOrigin, log } = options;
  return async (channel, rawArgs, sender) => {
    if (!isTrustedSender(sender, trustedOrigin)) {
      log.warn('refused a call from an untrusted sender', {
        origin: sender.url ? originOf(sender.url) : null,
        mainFrame: sender.isMainFrame,
      });
      return fail('forbidden_sender', 'This window is not allowed to talk to Frontdesk.');
    }
    if (!isInvokeChannel(channel)) {
      log.warn('refused a call to an unknown channel', {
        channel: typeof channel === 'string' ? channel.slice(0, 64) : typeof channel,
      });
      return fail('unknown_channel', 'Frontdesk does not know that request.');
    }
    const parsed = invokeChannels[channel].args.safeParse(rawArgs);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message }));
      return fail('validation', 'Some of the details are not valid.', { issues });
    }
    try {
      const handler = handlers[channel] as (args: unknown, call: CallContext) => Promise<Result<unknown>>;
      return await handler(parsed.data, { sender });
    } catch (error) {
      log.error('a handler failed', { channel, error: error instanceof Error ? error.message : String(error) });
      return fail('internal', 'Something went wrong inside Frontdesk. Nothing you entered was lost; please try again.');
    }
  };
}
