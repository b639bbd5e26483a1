import { describe, expect, it } from 'vitest';
import { localizedText } from './localized-text';

describe('localizedText', () => {
  it('takes the language, else English, else the first non-empty text, trimmed', () => {
    expect(localizedText({ sl: ' Dober dan ', en: 'Hello' }, 'sl')).toBe('Dober dan');
    expect(localizedText({ sl: 'Dober dan', en: 'Hello' }, 'de')).toBe('Hello');
    expect(localizedText({ sl: 'Dober dan', en: '  ' }, 'de')).toBe('Dober dan');
    expect(localizedText({ hr: '', mk: 'Здраво' }, 'hr')).toBe('Здраво');
  });

  it('is empty for nothing', () => {
    expect(localizedText(undefined, 'sl')).toBe('');
    expect(localizedText({}, 'sl')).toBe('');
    expect(localizedText({ sl: ' ' }, 'sl')).toBe('');
  });
});
