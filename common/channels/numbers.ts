/** The practice's numbers: counts of a range of days, per provider. */
import { numbersArgs, type PracticeNumbers } from '../model/numbers';
import { invoke } from './declare';

/** The numbers invoke channels. */
export const numbersInvoke = {
  /** Visits, arrivals, no-shows, cancellations, how full, texts and bookings by page for the days asked. */
  'numbers:read': invoke<PracticeNumbers>()(numbersArgs),
} as const;
