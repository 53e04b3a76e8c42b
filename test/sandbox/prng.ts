/** Seeded PRNG (mulberry32) so fault injection and other sandbox randomness replay exactly per seed. */

/** A function returning floats in [0, 1), deterministic for a seed. */
export type Rng = () => number;

/** mulberry32: tiny, fast, good enough for test randomness. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one element with `rng`; the array must be non-empty. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from empty array');
  return item;
}
