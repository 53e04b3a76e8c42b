/** Names found as a receptionist types them: no accents or case, any word order, one slip in a long name word. */
import { describe, expect, it } from 'vitest';
import { foldName, foldedName, nameFinds, typedWords, withinOneSlip } from '../../../common/contacts/name-match';
import { KeptNames, serviceFilters } from '../../../main/core/contacts/name-search';
import { matches } from '../../../common/contacts/search-query';
import { meaningOf } from '../../../main/core/contacts/search-query';
import type { ContactView } from '../../../common/contract';

const finds = (typed: string, name: string) => nameFinds(typedWords(typed), foldedName(name));

describe('name matching', () => {
  it('folds accents, case, apostrophes and letters NFD keeps whole', () => {
    expect(foldName('  Tomás  ÁLVAREZ ')).toBe('tomas alvarez');
    expect(foldName('Zoë Øster-Łukasz')).toBe('zoe oster-lukasz');
    expect(foldName('O’Brien')).toBe('obrien');
    expect(foldName('Straße')).toBe('strasse');
  });

  it('finds without accents or case, either way round', () => {
    expect(finds('Tomas', 'Tomás Álvarez')).toBe(true);
    expect(finds('tomás', 'Tomas Alvarez')).toBe(true);
    expect(finds('ALVAREZ tom', 'Tomás Álvarez')).toBe(true);
    expect(finds('zoe', 'Zoë Brown')).toBe(true);
  });

  it('finds a part of the name, every typed word', () => {
    expect(finds('ria gar', 'Maria Garcia')).toBe(true);
    expect(finds('maria smith', 'Maria Garcia')).toBe(false);
  });

  it('forgives one slip in a name word of five letters or more', () => {
    expect(finds('wiliams', 'Dorothy Williams')).toBe(true); // a letter missing
    expect(finds('willaims', 'Dorothy Williams')).toBe(true); // two swapped
    expect(finds('wilkiams', 'Dorothy Williams')).toBe(true); // one wrong
    expect(finds('williamms', 'Dorothy Williams')).toBe(true); // one extra
    expect(finds('wiliam', 'Dorothy Williams')).toBe(true); // still typing
    expect(finds('smth', 'Anna Smith')).toBe(true);
  });

  it('forgives no more than one slip, and none in a short word', () => {
    expect(finds('wlliims', 'Dorothy Williams')).toBe(false);
    expect(finds('lea', 'Leah Lee')).toBe(true); // a part, not a slip
    expect(finds('lex', 'Joan Lee')).toBe(false); // "Lee" is too short to forgive a slip
    expect(finds('jose', 'Ava Jones')).toBe(false);
    expect(finds('mari', 'Marco Polo')).toBe(false); // a short typed start is taken as it is
  });

  it('forgives no slip in digits or an e-mail piece', () => {
    expect(finds('maria@', 'Maria Garcia')).toBe(false);
    expect(finds('55501', 'Maria Garcia')).toBe(false);
  });

  it('withinOneSlip is a Damerau–Levenshtein distance of at most one', () => {
    const cases: [string, string, boolean][] = [
      ['abcde', 'abcde', true],
      ['abcde', 'abde', true],
      ['abde', 'abcde', true],
      ['abcde', 'abxde', true],
      ['abcde', 'bacde', true],
      ['abcde', 'abced', true],
      ['abcde', 'abcd', true],
      ['abcde', 'bcde', true],
      ['abcde', 'badce', false],
      ['abcde', 'abc', false],
      ['abcde', 'axcdy', false],
    ];
    for (const [a, b, want] of cases) expect([a, b, withinOneSlip(a, b)]).toEqual([a, b, want]);
  });
});

describe('a search of the contacts kept here', () => {
  const contact = (name: string): ContactView => ({
    key: `id:${name}`,
    id: name.length,
    externalId: null,
    addressBookId: 1,
    name,
    firstName: '',
    lastName: '',
    phones: [{ number: '(312) 555-0143', normalized: '+13125550143', display: '', type: null, primary: true }],
    emails: [{ address: 'tomas@example.com', type: null, primary: true }],
    deleted: false,
    pending: null,
  });

  it('matches names as name-match says, and phones and e-mails as before', () => {
    expect(matches(meaningOf('Tomas', 'US'), contact('Tomás Álvarez'))).toBe(true);
    expect(matches(meaningOf('wiliams', 'US'), contact('Dorothy Williams'))).toBe(true);
    expect(matches(meaningOf('tomas@ex', 'US'), contact('Someone Else'))).toBe(true);
    expect(matches(meaningOf('0143', 'US'), contact('Someone Else'))).toBe(true);
    expect(matches(meaningOf('nobody', 'US'), contact('Someone Else'))).toBe(false);
  });

  it('adds the kept contacts only the matcher finds; one the service could have matched is the service’s to tell', () => {
    const kept = [contact('Tomás Álvarez'), contact('Tomas Brown')].map((c) => ({ ...c, emails: [] }));
    const extra = (typed: string, offline = false) =>
      new KeptNames().extra(meaningOf(typed, 'US'), [kept], [], { offline }).map((c) => c.name);
    expect(extra('Tomas')).toEqual(['Tomás Álvarez']); // "Tomas Brown" was not in the service's answer: gone there
    expect(extra('Tomas', true)).toEqual(['Tomás Álvarez', 'Tomas Brown']);
    expect(extra('alvares')).toEqual(['Tomás Álvarez']);
  });

  it('asks the service for a name with accents also without them', () => {
    expect(serviceFilters(meaningOf('Tomás', 'US'))).toEqual([{ q: 'Tomás' }, { q: 'tomas' }]);
    expect(serviceFilters(meaningOf('Tomas', 'US'))).toEqual([{ q: 'Tomas' }]);
    expect(serviceFilters(meaningOf('(312) 555-0143', 'US'))).toEqual([{ phone_number: '+13125550143' }]);
  });
});
