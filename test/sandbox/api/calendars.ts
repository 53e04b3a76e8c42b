/** GET /v1/calendars and GET /v1/address_books (shapes designed here), plus lookup/auto-create helpers. */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { addRoute, stamp, type Deps } from './http';
import type { Ids } from './store';
import type { AccountData, AddressBook, Calendar } from './types';

/** JSON form of a calendar. */
function renderCalendar(c: Calendar): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    color: c.color,
    time_zone: c.timeZone,
    source: c.source,
    is_remote_device: c.source !== 'local',
    created_at: stamp(c.createdAt),
    updated_at: stamp(c.updatedAt),
  };
}

/** JSON form of an address book (with its phone types, as the facts say clients read them here). */
function renderAddressBook(b: AddressBook, acc: AccountData): Record<string, unknown> {
  let count = 0;
  for (const c of acc.contacts.values()) if (c.addressBookId === b.id && !c.isDeleted) count++;
  return {
    id: b.id,
    name: b.name,
    type: b.type,
    phone_types: b.phoneTypes,
    contact_count: count,
    created_at: stamp(b.createdAt),
    updated_at: stamp(b.updatedAt),
  };
}

/** Calendar by id, or 400 naming the field. */
export function calendarById(acc: AccountData, id: number, field = 'calendar_id'): Calendar {
  return acc.calendars.find((c) => c.id === id) ?? badRequest(`${field} ${id} is not a calendar of this account`);
}

/** Calendar by name (case-insensitive); auto-created unless `prevent` (the service's documented default). */
export function calendarByName(
  acc: AccountData,
  ids: Ids,
  name: string,
  now: number,
  prevent: boolean,
  field = 'calendar',
): Calendar {
  const found = acc.calendars.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
  if (found) return found;
  if (prevent) return badRequest(`${field} "${name.slice(0, 80)}" does not exist and prevent_calendar_creation is set`);
  const cal: Calendar = {
    id: ids.next('calendar'),
    name: name.trim(),
    description: '',
    color: '#7f7f7f',
    timeZone: acc.timeZone,
    source: 'local',
    createdAt: now,
    updatedAt: now,
  };
  acc.calendars.push(cal);
  return cal;
}

/** Address book by id, or 400. */
export function addressBookById(acc: AccountData, id: number, field = 'address_book_id'): AddressBook {
  return (
    acc.addressBooks.find((b) => b.id === id) ?? badRequest(`${field} ${id} is not an address book of this account`)
  );
}

/** Address book by name (case-insensitive), created when missing (documented for POST /v1/contacts). */
export function addressBookByName(acc: AccountData, ids: Ids, name: string, now: number): AddressBook {
  const found = acc.addressBooks.find((b) => b.name.toLowerCase() === name.trim().toLowerCase());
  if (found) return found;
  const book: AddressBook = {
    id: ids.next('addressBook'),
    name: name.trim(),
    type: 'apptoto',
    phoneTypes: ['mobile', 'home', 'work', 'other'],
    createdAt: now,
    updatedAt: now,
  };
  acc.addressBooks.push(book);
  return book;
}

/** Registers the two read-only collection routes. */
export function registerCalendars(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, 'GET', '/v1/calendars', ({ acc }) => ({ calendars: acc.calendars.map(renderCalendar) }));
  addRoute(app, deps, 'GET', '/v1/address_books', ({ acc }) => ({
    address_books: acc.addressBooks.map((b) => renderAddressBook(b, acc)),
  }));
}
