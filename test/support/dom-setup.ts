/**
 * Setup for every vitest file: in files that run in jsdom, the few browser APIs jsdom lacks but react-aria uses
 * (CSS.escape), from a maintained polyfill. Files in the node environment are left as they are.
 */
export {};

if (typeof window !== 'undefined' && typeof (globalThis as { CSS?: { escape?: unknown } }).CSS?.escape !== 'function')
  // @ts-expect-error -- css.escape ships no types; it is imported for its side effect (it installs CSS.escape).
  await import('css.escape');
