/**
 * The first screen's markup is written into a page whose CSP refuses inline styles (renderer/first-screen/): its
 * `style` attributes become rules in a `<style>`, and a value that could end the rule, the `<style>` or reach outside
 * the page is dropped, never written.
 */
import { expect, it } from 'vitest';
import { inertMarkup, safeDeclarations } from '../../../renderer/first-screen/markup-rules';

it('keeps well-formed declarations and drops any that could break out or load something', () => {
  expect(safeDeclarations('top:480px;height:95px;left:calc(50% + 2px);--cal:var(--cal-3)')).toEqual([
    'top:480px',
    'height:95px',
    'left:calc(50% + 2px)',
    '--cal:var(--cal-3)',
  ]);
  for (const hostile of [
    'color:red}</style><script>alert(1)</script>',
    'color:red{}',
    'background:url(https://x.example/a.png)',
    'background:image-set(a 1x)',
    'width:expression(alert(1))',
    'color:\\3c/style\\3e',
    'color:"a"',
    "font-family:'a'",
    'top:calc(1px',
    'top:1px)',
    'Top:1px',
    '@import:x',
    'color:red !important',
  ])
    expect(safeDeclarations(hostile), hostile).toEqual([]);
  // One bad declaration does not take the good ones with it.
  expect(safeDeclarations('color:red;}</style><x>;top:1px')).toEqual(['color:red', 'top:1px']);
});

it('moves styles into rules under the scope and drops ids, test ids, form names and handlers', () => {
  const markup =
    '<div id="a" data-testid="t" class="x" style="top:1px;color:red;}&lt;/style&gt;&lt;x&gt;">' +
    '<input name="theme" type="radio" checked=""/><label for="a" onclick="x()">a &quot;b&quot; style=&quot;c&quot;</label>' +
    '<span style="background:url(x)">y</span></div>';
  const { html, rules } = inertMarkup(markup, '#first-screen', (tag): Record<string, string> =>
    tag === 'span' ? { elementtiming: 'n' } : {},
  );
  expect(html).toBe(
    '<div class="x" data-fs="0"><input type="radio" checked=""/><label>a &quot;b&quot; style=&quot;c&quot;</label>' +
      '<span elementtiming="n">y</span></div>',
  );
  expect(rules).toEqual(['#first-screen [data-fs="0"]{top:1px!important;color:red!important}']);
});
