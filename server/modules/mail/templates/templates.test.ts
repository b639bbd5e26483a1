import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../../../../shared/locales.js';
import { CONFIRM_EMAIL_TEXTS, confirmEmailMail, EMAIL_CHANGE_TEXTS, EMAIL_CHANGED_NOTICE_TEXTS, emailChangedNoticeMail, emailChangeMail, PASSWORD_RESET_TEXTS, passwordResetMail } from './index.js';

const brand = { contactEmail: 'info@example.com', contactPhone: '+386 1 234 56 78' };
const evil = '<script>alert(1)</script> & "Co"';

describe('account mail templates', () => {
  it('have every text in all 8 locales, none empty, and different per language', () => {
    for (const table of [CONFIRM_EMAIL_TEXTS, PASSWORD_RESET_TEXTS, EMAIL_CHANGE_TEXTS, EMAIL_CHANGED_NOTICE_TEXTS]) {
      expect(Object.keys(table).sort()).toEqual([...UI_LOCALES].sort());
      const keys = Object.keys(table.en);
      for (const locale of UI_LOCALES) {
        expect(Object.keys(table[locale])).toEqual(keys);
        for (const value of Object.values(table[locale])) expect(String(value).trim()).not.toBe('');
      }
      expect(new Set(UI_LOCALES.map((l) => table[l].subject)).size).toBeGreaterThanOrEqual(6);
    }
    // Macedonian is Cyrillic; Serbian Latin.
    expect(CONFIRM_EMAIL_TEXTS.mk.subject).toMatch(/[\u0400-\u04FF]/);
    expect(CONFIRM_EMAIL_TEXTS.sr.subject).not.toMatch(/[\u0400-\u04FF]/);
  });

  it('render branded HTML and plain text with user data escaped in HTML', () => {
    const url = 'https://izz.example.com/en/confirm-email?token=abc&kind=x';
    const mails = [
      confirmEmailMail({ locale: 'en', brand, name: evil, company: evil, url }),
      passwordResetMail({ locale: 'en', brand, name: evil, url }),
      emailChangeMail({ locale: 'en', brand, name: evil, oldEmail: 'a@example.org', newEmail: 'b@example.org', url }),
      emailChangedNoticeMail({ locale: 'en', brand, name: evil, oldEmail: 'a@example.org', newEmail: 'b@example.org' }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
      expect(mail.text).toContain(evil);
      expect(mail.html).toContain('#0b4f5c');
      expect(mail.html).toContain('Employee Satisfaction Survey');
      expect(mail.html).toContain('info@example.com');
      expect(mail.text).toContain('+386 1 234 56 78');
      expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    }
    expect(mails[0]?.html).toContain('href="https://izz.example.com/en/confirm-email?token=abc&amp;kind=x"');
    expect(mails[0]?.text).toContain(url);
  });

  it('write the mail in the recipient language', () => {
    expect(passwordResetMail({ locale: 'sl', brand, name: 'Ana', url: 'u' }).text).toContain('Povezava velja 1 uro');
    expect(passwordResetMail({ locale: 'de', brand, name: 'Ana', url: 'u' }).subject).toBe('Passwort zurücksetzen');
    expect(confirmEmailMail({ locale: 'fr', brand, name: 'Ana', company: 'X', url: 'u', resend: true }).text).toContain('nouveau lien');
    expect(emailChangedNoticeMail({ locale: 'hr', brand, name: 'Ana', oldEmail: 'a@x.org', newEmail: 'b@x.org' }).text).toContain('odmah nam pišite na info@example.com');
  });
});
