/** `numbers:*` handlers: the practice's numbers for a range of days. */
import type { NumbersService } from '../numbers/numbers-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './result';

/** Builds the numbers handlers. */
export function numbersHandlers(deps: { numbers: NumbersService }) {
  return {
    'numbers:read': (args) => serviceResult(() => deps.numbers.numbers(args)),
  } satisfies DomainHandlers<'numbers'>;
}
