import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_DIR } from '../../../../shared/i18n/node.js';
import { UI_LOCALES } from '../../../../shared/locales.js';
import { confirmEmailMail, emailChangedNoticeMail, emailChangeMail, passwordResetMail } from './index.js';

const brand = { contactEmail: 'info@example.com', contactPhone: '+386 1 234 56 78' };
const evil = '<script>alert(1)</script> & "Co"';

describe('account mail templates', () => {
  // Every text in every locale: shared/i18n/completeness.test.ts.
  it('read their texts from shared/i18n/<locale>/mail.json, one language per mail', () => {
    const mailJson = (locale: string) =>
      JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, locale, 'mail.json'), 'utf8')) as Record<string, Record<string, string>>;
    for (const locale of ['sl', 'en'] as const) {
      const texts = mailJson(locale);
      const mail = confirmEmailMail({ locale, brand, name: 'Ana', company: 'Tovarna', url: 'u' });
      expect(mail.subject).toBe(texts.confirmEmail?.subject);
      expect(mail.text).toContain(texts.confirmEmail?.button);
      expect(mail.text).toContain(texts.layout?.automatic);
      // {{placeholders}} filled by i18next
      expect(mail.text).toContain(texts.confirmEmail?.greeting?.replace('{{name}}', 'Ana'));
      expect(mail.text).not.toContain('{{');
    }
    expect(confirmEmailMail({ locale: 'sl', brand, name: 'Ana', company: 'X', url: 'u' }).subject).toBe('Potrdite svoj e-poštni naslov');
    expect(confirmEmailMail({ locale: 'en', brand, name: 'Ana', company: 'X', url: 'u' }).subject).toBe('Confirm your e-mail address');
    // Macedonian is Cyrillic; Serbian Latin.
    expect(confirmEmailMail({ locale: 'mk', brand, name: 'Ana', company: 'X', url: 'u' }).subject).toMatch(/[\u0400-\u04FF]/);
    expect(confirmEmailMail({ locale: 'sr', brand, name: 'Ana', company: 'X', url: 'u' }).subject).not.toMatch(/[\u0400-\u04FF]/);
    expect(new Set(UI_LOCALES.map((locale) => passwordResetMail({ locale, brand, name: 'Ana', url: 'u' }).subject)).size).toBeGreaterThanOrEqual(6);
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
