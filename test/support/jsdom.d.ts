/** The part of jsdom the tests use outside a jsdom environment (it ships no types): a page parsed as a browser does. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
