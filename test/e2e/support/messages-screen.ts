/**
 * The Messages screen as a page object, the sandbox's messaging seen directly (threads, counts, a patient's reply),
 * and a stand-in for the browser's Notification API that records what would have been shown and can be clicked.
 */
import type { Locator, Page } from 'playwright-core';
import { DEFAULT_SCOPES } from '../../../main/core/config';
import { FrontdeskPage } from './driver';
import { serviceCall, signedInSchedule } from './schedule';
import type { Stack } from './stack';

/** Every scope Frontdesk asks for, with texting. */
export const TEXTING_SCOPES: string[] = [...DEFAULT_SCOPES];

/** Opens the app in a tab of the given size and theme, recording desktop notifications, signed in. */
export async function openMessagesApp(
  s: Stack,
  options: { width?: number; height?: number; dark?: boolean } = {},
): Promise<FrontdeskPage> {
  const context = await s.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  await recordNotifications(page);
  const app = new FrontdeskPage(page);
  await app.goto(s.host.url);
  await signedInSchedule(app);
  return app;
}

/** A conversation as the sandbox keeps it. */
export interface SandboxThread {
  id: number;
  name: string;
  phone: string | null;
  event_id: number | null;
  message_count: number;
  updated_at: string;
}

/** A message as the sandbox keeps it. */
export interface SandboxMessage {
  id: number;
  direction: 'inbound' | 'outbound';
  content: string;
}

/** The sandbox's threads, most recently updated first (first page). */
export async function sandboxThreads(stack: Stack, query = ''): Promise<SandboxThread[]> {
  const r = await serviceCall<{ conversations: SandboxThread[] }>(
    stack,
    'GET',
    `/v1/conversations?page_size=100${query ? `&${query}` : ''}`,
  );
  return r.conversations;
}

/** One thread's messages, oldest first. */
export async function sandboxMessages(stack: Stack, id: number): Promise<SandboxMessage[]> {
  return (
    await serviceCall<{ messages: SandboxMessage[] }>(
      stack,
      'GET',
      `/v1/conversation_messages?conversation_id=${id}&page_size=100`,
    )
  ).messages;
}

/** Texts recorded by the sandbox's API so far (each one a text a patient would have been sent and billed for). */
export async function messagesRecorded(stack: Stack): Promise<number> {
  const res = await fetch(`${stack.sandbox.url}/__sandbox/stats`);
  return ((await res.json()) as { messagesRecorded: number }).messagesRecorded;
}

/** Plays the patient: records their reply in a thread. */
export async function patientReplies(
  stack: Stack,
  body: { conversation_id?: number; phone_number?: string; content: string },
) {
  const res = await fetch(`${stack.sandbox.url}/__sandbox/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`inbound: ${res.status} ${await res.text()}`);
}

/** Replaces the page's Notification API with one that records every notification (install before the app loads). */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: { title: string; body: string; onclick: (() => void) | null }[] = [];
    class Recorded {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      title: string;
      body: string;
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        this.title = title;
        this.body = options?.body ?? '';
        shown.push(this);
      }
    }
    Object.assign(window, { Notification: Recorded, shownNotifications: shown });
  });
}

/** "Title: body" of every notification shown so far. */
export function notifications(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications.map(
      (n) => `${n.title}: ${n.body}`,
    ),
  );
}

/** Clicks the notification whose "title: body" is `text`, as the person would on the desktop. */
export async function clickNotification(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const list = (window as unknown as { shownNotifications: { title: string; body: string; onclick(): void }[] })
      .shownNotifications;
    list.find((n) => `${n.title}: ${n.body}` === t)!.onclick();
  }, text);
}

/** The unread count the Messages tab reads out (0 when it shows none). */
export async function tabUnread(screen: MessagesScreen): Promise<number> {
  const badge = screen.tab().locator('.count');
  if ((await badge.count()) === 0) return 0;
  return Number(/(\d+)/.exec((await badge.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
}

/** Drives the Messages tab. */
export class MessagesScreen {
  constructor(readonly app: FrontdeskPage) {}

  get page(): Page {
    return this.app.page;
  }

  get root(): Locator {
    return this.page.getByTestId('messages');
  }

  /** Opens the tab (from the tab bar) and waits for the threads. */
  async open(): Promise<void> {
    await this.tab().click();
    await this.root.waitFor();
  }

  /** The Messages tab button. */
  tab(): Locator {
    return this.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Messages/ });
  }

  /** The rows of the thread list. */
  rows(): Locator {
    // Threads only: while the first read is under way the list's one option is its "Looking for texts…" state.
    return this.page
      .getByRole('listbox', { name: 'Threads' })
      .getByRole('option')
      .and(this.page.getByTestId('thread-row'));
  }

  /** The row of a thread by the name it shows. */
  row(name: string): Locator {
    return this.rows().filter({ has: this.page.locator('.thread-name', { hasText: name }) });
  }

  /** Types in the search field. */
  async search(text: string): Promise<void> {
    await this.root.getByLabel('Find by name or phone').fill(text);
  }

  /** The open thread. */
  thread(): Locator {
    return this.page.getByTestId('thread');
  }

  /** The texts of the open thread, as "in|out: text". */
  async texts(): Promise<string[]> {
    const items = this.thread().getByTestId('message');
    const n = await items.count();
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const m = items.nth(i);
      out.push(`${await m.getAttribute('data-direction')}: ${await m.locator('.message-text').innerText()}`);
    }
    return out;
  }

  /** Writes and sends a reply in the open thread. */
  async reply(text: string): Promise<void> {
    const box = this.thread().getByRole('textbox', { name: /^Reply to / });
    await box.fill(text);
    await this.thread().getByRole('button', { name: 'Send', exact: true }).click();
  }
}
