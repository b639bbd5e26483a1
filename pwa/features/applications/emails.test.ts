import { describe, expect, it } from 'vitest';
import { parseEmails, splitByLimit, splitEmailText } from './emails';

describe('respondent e-mail parsing', () => {
  it('splits pasted text on lines, commas, semicolons and tabs, and unwraps "Name <a@b>"', () => {
    expect(splitEmailText('a@x.si, b@x.si;c@x.si\n\t<d@x.si>\r\n"e@x.si"')).toEqual(['a@x.si', 'b@x.si', 'c@x.si', 'd@x.si', 'e@x.si']);
  });

  it('reports invalid addresses and duplicates instead of dropping them', () => {
    const parsed = parseEmails('email\nana@firma.si\nnot-an-address\nANA@firma.si\nbojan@firma.si\nbojan@', ['old@firma.si']);
    expect(parsed.valid).toEqual(['ana@firma.si', 'bojan@firma.si']);
    expect(parsed.invalid).toEqual(['not-an-address', 'bojan@']);
    expect(parsed.duplicates).toEqual(['ANA@firma.si']);
  });

  it('an address already on the list is a duplicate', () => {
    expect(parseEmails('Old@Firma.si', ['old@firma.si'])).toEqual({ valid: [], invalid: [], duplicates: ['Old@Firma.si'] });
  });

  it('keeps no more than the online respondents and reports the rest', () => {
    expect(splitByLimit(['a', 'b', 'c'], 1, 3)).toEqual({ added: ['a', 'b'], overLimit: ['c'] });
    expect(splitByLimit(['a'], 5, 3)).toEqual({ added: [], overLimit: ['a'] });
  });
});
