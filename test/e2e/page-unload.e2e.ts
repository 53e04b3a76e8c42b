/**
 * The page holds no `beforeunload` or `unload` listener, so a reload or a closing window is never held for a round
 * trip through the page's thread first (react-aria's focus tracking adds one: the renderer build leaves it out,
 * electron.vite.config.mts). Read with the DevTools protocol, after the screens that load react-aria were opened.
 */
import { describe, expect, it } from 'vitest';
import { openSized, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

describe('page unload', () => {
  it('has no beforeunload or unload listener on the window or the document', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await app.go('Book appointment');
    await app.go('Contacts');
    await app.go('Calendar');
    const cdp = await app.page.context().newCDPSession(app.page);
    const listening = async (expression: string) => {
      const { result } = await cdp.send('Runtime.evaluate', { expression });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      return listeners.map((l) => l.type);
    };
    const window = await listening('window');
    const document = await listening('document');
    // The listeners are read for real: react-aria's focus tracking is on the window and the document.
    expect(window).toContain('focus');
    expect(document).toContain('keydown');
    expect(window.filter((type) => type === 'beforeunload' || type === 'unload')).toEqual([]);
    expect(document.filter((type) => type === 'beforeunload' || type === 'unload')).toEqual([]);
    await app.page.context().close();
  });
});
