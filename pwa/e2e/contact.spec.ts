/**
 * Contact form journeys: field errors in the page's language, the self-hosted proof of work solved
 * in the browser, and a message queued for the operator's configured address only.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ShellPage } from './pages/shell-page';

const TEXTS = {
  sl: {
    path: '/kontakt',
    name: 'Ime in priimek',
    email: 'E-poštni naslov',
    company: 'Podjetje (neobvezno)',
    message: 'Sporočilo',
    submit: 'Pošlji sporočilo',
    success: 'Hvala! Vaše sporočilo smo prejeli in vam bomo kmalu odgovorili.',
    nameRequired: 'Vnesite svoje ime.',
    emailRequired: 'Vnesite e-poštni naslov.',
    messageRequired: 'Napišite sporočilo.',
    emailInvalid: 'Vnesite veljaven e-poštni naslov, na primer ime@podjetje.si.',
    summary: 'Preverite označena polja.',
  },
  en: {
    path: '/en/contact',
    name: 'Name and surname',
    email: 'E-mail address',
    company: 'Company (optional)',
    message: 'Message',
    submit: 'Send message',
    success: 'Thank you! We have received your message and will reply soon.',
    nameRequired: 'Please enter your name.',
    emailRequired: 'Please enter your e-mail address.',
    messageRequired: 'Please write your message.',
    emailInvalid: 'Please enter a valid e-mail address, for example name@company.com.',
    summary: 'Please check the marked fields.',
  },
} as const;

type Locale = keyof typeof TEXTS;

/** A small page model of the contact form. */
class ContactForm {
  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {}

  get t() {
    return TEXTS[this.locale];
  }

  field(label: 'name' | 'email' | 'company' | 'message') {
    return this.page.getByLabel(this.t[label], { exact: true });
  }

  /** The error text a field points at through aria-describedby. */
  async errorOf(label: 'name' | 'email' | 'message') {
    const field = this.field(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const texts = await Promise.all(ids.map((id) => this.page.locator(`[id="${id}"].field-error`).allTextContents()));
    return texts.flat().join(' ');
  }

  async open() {
    const shell = new ShellPage(this.page);
    await shell.goto(this.t.path);
    if (await shell.cookieBanner.isVisible()) await shell.acceptAllCookies();
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  async submit() {
    await this.page.getByRole('button', { name: this.t.submit }).click();
  }
}

for (const locale of ['sl', 'en'] as const) {
  test.describe(`contact form (${locale})`, () => {
    test('sends a message after the proof of work and shows the success notice', async ({ page, server }) => {
      const form = new ContactForm(page, locale);
      await form.open();
      const unique = `E2E ${locale} ${Date.now()}`;
      await form.field('name').fill('Ana Novak');
      await form.field('email').fill('ana.novak@example.com');
      await form.field('company').fill('Primer d.o.o.');
      await form.field('message').fill(`${unique}: zanima me izvedba raziskave za 120 zaposlenih.`);

      const post = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
      await form.submit();
      const request = await post;
      expect(request.headers()['x-locale']).toBe(locale);
      const body = request.postDataJSON() as Record<string, unknown>;
      expect(body.locale).toBe(locale);
      expect(Object.keys(body).sort()).toEqual(['altcha', 'company', 'email', 'locale', 'message', 'name', 'phone']);
      const solved = JSON.parse(Buffer.from(String(body.altcha), 'base64').toString('utf8')) as Record<string, unknown>;
      expect(Object.keys(solved).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);

      await expect(page.getByRole('status').filter({ hasText: form.t.success })).toBeVisible();
      await expect(page.getByText(form.t.success)).toBeFocused();

      // The message is queued for the operator's configured address, never one the visitor chose.
      const row = await server.handle.db.get<{ to_address: string; reply_to: string | null }>(
        'SELECT to_address, reply_to FROM mail_outbox WHERE text LIKE ? ORDER BY id DESC LIMIT 1',
        [`%${unique}%`],
      );
      expect(row?.to_address).toBe(server.handle.config.operatorEmail);
      expect(row?.reply_to).toContain('ana.novak@example.com');
    });

    test('shows field errors in the page language when submitted empty', async ({ page }) => {
      const form = new ContactForm(page, locale);
      await form.open();
      let posted = false;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/contact') && r.method() === 'POST') posted = true;
      });
      await form.submit();

      await expect(page.getByRole('alert')).toHaveText(form.t.summary);
      expect(await form.errorOf('name')).toBe(form.t.nameRequired);
      expect(await form.errorOf('email')).toBe(form.t.emailRequired);
      expect(await form.errorOf('message')).toBe(form.t.messageRequired);
      await expect(form.field('company')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(form.field('name')).toBeFocused();

      // Fixing a field clears its error; a malformed address gets its own explanation.
      await form.field('name').fill('Ana Novak');
      await expect(form.field('name')).not.toHaveAttribute('aria-invalid', 'true');
      await form.field('email').fill('ana@');
      await form.submit();
      expect(await form.errorOf('email')).toBe(form.t.emailInvalid);
      expect(posted).toBe(false);
    });
  });
}

test('shows the operator contact details from the configuration', async ({ page, server }) => {
  const form = new ContactForm(page, 'en');
  await form.open();
  const email = server.handle.config.contactEmail;
  await expect(page.locator(`main a[href="mailto:${email}"]`)).toBeVisible();
});
