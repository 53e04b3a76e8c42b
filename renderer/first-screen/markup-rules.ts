/**
 * What makes react-dom/server's markup fit to be written into the page as an inert copy: its `style` attributes (the
 * page's CSP refuses inline styles) become rules on a generated attribute, and what names or wires an element of the
 * app (ids, test ids, form names, label and ARIA references, event handlers) is dropped, so the copy neither clashes
 * with the app drawn beneath it nor can be found, focused or submitted in its place.
 *
 * React's markup puts every literal `"` in an attribute's delimiters and escapes `<`, `>`, `&`, `"` and `'` in text and
 * values alike, so its start tags are read here by pattern without a parser. A style value from the service's data
 * (a name, a colour) is kept only when it is a plain value from a small character set: it cannot end the rule, the
 * `<style>` element, or reach for anything outside the page.
 */

/** The attribute a moved style's rule names its element by. */
const RULE_ATTRIBUTE = 'data-fs';

/** Attributes dropped from the copy: what the app's own elements are found, labelled, focused or wired by. */
const DROPPED: ReadonlySet<string> = new Set([
  'id',
  'name',
  'for',
  'form',
  'data-testid',
  'tabindex',
  'accesskey',
  'autofocus',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-owns',
  'aria-activedescendant',
  'aria-keyshortcuts',
  'popovertarget',
]);

const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:="[^"]*")?)*)\s*(\/?)>/g;
const ATTRIBUTE = /\s+([^\s"'<>/=]+)(?:="([^"]*)")?/g;
const PROPERTY = /^-{0,2}[a-z][a-z-]*$/;
const VALUE = /^[a-zA-Z0-9 #.,%()+*/_-]+$/;

/** An attribute value as React escaped it, read back. */
function unescapeValue(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** True when the parentheses of `value` close in order (an open one would swallow the rules after it). */
function balanced(value: string): boolean {
  let depth = 0;
  for (const c of value) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The well-formed declarations of a `style` attribute's text, each as `property:value`: a property of lower-case
 * letters and dashes, a value from the safe set (no `;{}<>\`, quotes or `@`, no `url(` or `expression`) with its
 * parentheses closed. Anything else is dropped.
 */
export function safeDeclarations(style: string): string[] {
  const kept: string[] = [];
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim();
    const value = part.slice(colon + 1).trim();
    if (!PROPERTY.test(property) || !VALUE.test(value) || !balanced(value)) continue;
    if (/url\s*\(|expression|image-set|image\s*\(|element\s*\(/i.test(value)) continue;
    kept.push(`${property}:${value}`);
  }
  return kept;
}

/** The copy of the markup and the rules its moved styles became. */
export interface InertMarkup {
  html: string;
  /** One rule per element that had a style, under `scope` (the element the host writes the markup into). */
  rules: string[];
}

/**
 * Rewrites react-dom/server's markup for the inert copy: styles moved into rules under `scope`, the dropped
 * attributes and every `on…` handler gone, and `mark(tag, attributes)` may add attributes of its own to a start tag.
 */
export function inertMarkup(
  markup: string,
  scope: string,
  mark: (tag: string, attributes: ReadonlyMap<string, string>) => Record<string, string> = () => ({}),
): InertMarkup {
  const rules: string[] = [];
  const html = markup.replace(START_TAG, (_whole, tag: string, attributeText: string, selfClosing: string) => {
    const attributes = new Map<string, string>();
    for (const [, name, value] of attributeText.matchAll(ATTRIBUTE)) attributes.set(name!.toLowerCase(), value ?? '');
    const out: string[] = [];
    for (const [name, value] of attributes) {
      if (DROPPED.has(name) || name.startsWith('on') || name === RULE_ATTRIBUTE) continue;
      if (name === 'style') {
        const declarations = safeDeclarations(unescapeValue(value));
        if (declarations.length === 0) continue;
        const n = rules.length;
        rules.push(`${scope} [${RULE_ATTRIBUTE}="${n}"]{${declarations.map((d) => `${d}!important`).join(';')}}`);
        out.push(` ${RULE_ATTRIBUTE}="${n}"`);
        continue;
      }
      out.push(` ${name}="${value}"`);
    }
    for (const [name, value] of Object.entries(mark(tag, attributes))) {
      if (/^[a-z][a-z-]*$/.test(name) && !name.startsWith('on')) out.push(` ${name}="${escapeValue(value)}"`);
    }
    return `<${tag}${out.join('')}${selfClosing ? '/' : ''}>`;
  });
  return { html, rules };
}

/** A value written into an attribute. */
function escapeValue(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
