import { describe, expect, it } from 'vitest';
import { contactMail } from './contact.mail.js';

const message = { name: 'Ana <b>\nNovak', email: 'ana@example.org', company: '', phone: '', locale: 'hr', message: 'Pozdrav' } as const;

describe('the contact mail to the operator', () => {
  it('is written in the operator language, with the visitor name in the subject on one line', () => {
    const sl = contactMail(message, 'sl');
    expect(sl.locale).toBe('sl');
    expect(sl.subject).toBe('Novo sporočilo s kontaktnega obrazca: Ana <b> Novak');
    expect(sl.text).toContain('Podjetje: (ni navedeno)');
    expect(sl.html).toContain('<title>Novo sporočilo s kontaktnega obrazca: Ana &lt;b&gt; Novak</title>');
    expect(contactMail(message, 'en').subject).toBe('New contact form message from Ana <b> Novak');
  });

  it('is in each operator language (German and Macedonian here)', () => {
    const de = contactMail(message, 'de');
    expect(de.locale).toBe('de');
    expect(de.html).toMatch(/^<!doctype html>\n<html lang="de">/);
    expect(de.text).toContain('Unternehmen: (nicht angegeben)');
    const mk = contactMail(message, 'mk');
    expect(mk.locale).toBe('mk');
    expect(mk.text).not.toContain('Company');
  });
});
