/**
 * Page models of the account and profile pages (register, login, e-mail confirmation, forgot and
 * reset password, profile edit), plus helpers that prepare accounts directly through the server.
 * Labels come from the pages' own texts (shared/i18n/<locale>/account.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME } from '../../../shared/constants';
import { localizedPath, type RouteId } from '../../../shared/routes';
import { registrationSchema } from '../../../shared/schemas/account';
import { isValidOib } from '../../../shared/tax-numbers';
import type { E2eServer, ReceivedMail } from '../fixtures';
import { ShellPage } from './shell-page';

export type Locale = 'sl' | 'en';
type Texts = { [key: string]: string | Texts };

const textCache = new Map<Locale, Texts>();
function accountTree(locale: Locale): Texts {
  let texts = textCache.get(locale);
  if (!texts) {
    texts = JSON.parse(fs.readFileSync(path.resolve('shared/i18n', locale, 'account.json'), 'utf8')) as Texts;
    textCache.set(locale, texts);
  }
  return texts;
}

/** An account.json text by its dotted key: text('en', 'register.submit'). */
export function accountText(locale: Locale, key: string): string {
  let node: string | Texts | undefined = accountTree(locale);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${locale} ${key}`);
  return node;
}

/** A valid Croatian OIB (ISO 7064 MOD 11,10), different every call. */
export function randomOib(): string {
  const base = Array.from({ length: 10 }, () => Math.floor(Math.random() * 10)).join('');
  for (let d = 0; d < 10; d++) if (isValidOib(base + d)) return base + d;
  throw new Error('no check digit');
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The first link in a mail's text that carries a token. */
export function linkFromMail(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s<>"]+[?&]token=[^\s<>"]+/.exec(mail.text);
  if (!match) throw new Error(`no token link in mail "${mail.subject}": ${mail.text}`);
  return match[0];
}

export interface Account {
  email: string;
  password: string;
  company: string;
}

/** A verified company account created through the server's own service (for journeys that do not test registration). */
export async function createVerifiedAccount(server: E2eServer, locale: Locale, prefix = 'user'): Promise<Account> {
  const account = { email: uniqueEmail(prefix), password: 'secret-123', company: `E2E ${prefix} d.o.o.` };
  const input = registrationSchema.parse({
    company_name: account.company,
    country: 'hr',
    industry: 'J',
    activity: 'Software',
    street: 'Ilica',
    house_number: '1',
    city: 'Zagreb',
    tax_number: randomOib(),
    first_name: 'Ana',
    last_name: 'Horvat',
    phone: '+385 1 234 5678',
    email: account.email,
    password: account.password,
    password_confirmation: account.password,
    terms_accepted: true,
    locale,
    altcha: 'not-checked-by-the-service',
  });
  const { userId } = await server.handle.services.accounts.register(input);
  await server.handle.db.run('UPDATE users SET email_verified_at = ? WHERE id = ?', [new Date().toISOString(), userId]);
  return account;
}

/** Puts a live session cookie for the account into the context (no login form). */
export async function signIn(context: BrowserContext, server: E2eServer, email: string) {
  const user = await server.handle.db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [email]);
  if (!user) throw new Error(`no user ${email}`);
  const session = await server.handle.services.auth.createSession(user.id);
  await context.addCookies([
    { name: SESSION_COOKIE_NAME, value: session.token, url: server.url, httpOnly: true, sameSite: 'Lax' },
    { name: SESSION_HINT_COOKIE_NAME, value: '1', url: server.url, sameSite: 'Lax' },
  ]);
}

class AccountPage {
  readonly shell: ShellPage;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
    readonly route: RouteId,
  ) {
    this.shell = new ShellPage(page);
  }

  t(key: string): string {
    return accountText(this.locale, key);
  }

  get path() {
    return localizedPath(this.route, this.locale);
  }

  async open(query = '') {
    await this.shell.goto(this.path + query);
    if (await this.shell.cookieBanner.isVisible()) await this.shell.acceptAllCookies();
  }

  field(name: string) {
    return this.page.getByLabel(this.t(`fields.${name}`), { exact: true });
  }

  /** The error text beside a field (found through its aria-describedby). */
  async errorOf(name: string) {
    const field = this.field(name);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const texts = await Promise.all(ids.map((id) => this.page.locator(`[id="${id}"].field-error`).allTextContents()));
    return texts.flat().join(' ');
  }

  summary() {
    return this.page.locator('.error-summary');
  }
}

export interface Registration {
  company: string;
  taxNumber: string;
  email: string;
  password: string;
}

export class RegisterPage extends AccountPage {
  constructor(page: Page, locale: Locale) {
    super(page, locale, 'register');
  }

  async fill(r: Registration) {
    await this.field('company_name').fill(r.company);
    await expect(this.field('country')).toHaveValue('hr'); // the site's market
    await this.field('tax_number').fill(r.taxNumber);
    await this.field('industry').selectOption('J');
    await this.field('activity').fill('Software development');
    await this.field('street').fill('Ilica');
    await this.field('house_number').fill('10');
    await this.field('city').fill('Zagreb');
    await this.field('first_name').fill('Ana');
    await this.field('last_name').fill('Horvat');
    await this.field('phone').fill('+385 1 234 5678');
    await this.field('email').fill(r.email);
    await this.field('password').fill(r.password);
    await this.field('password_confirmation').fill(r.password);
    await this.page.getByRole('checkbox').check();
  }

  async submit() {
    await this.page.getByRole('button', { name: this.t('register.submit'), exact: true }).click();
  }

  success() {
    return this.page.getByTestId('register-success');
  }
}

export class LoginPage extends AccountPage {
  constructor(page: Page, locale: Locale) {
    super(page, locale, 'login');
  }

  async logIn(email: string, password: string) {
    await this.field('email').fill(email);
    await this.field('password').fill(password);
    await this.page.locator('main').getByRole('button', { name: this.t('login.submit'), exact: true }).click();
  }
}

export class ConfirmEmailPage extends AccountPage {
  constructor(page: Page, locale: Locale) {
    super(page, locale, 'confirmEmail');
  }

  result() {
    return this.page.getByTestId('confirm-result');
  }
}

export class ForgotPasswordPage extends AccountPage {
  constructor(page: Page, locale: Locale) {
    super(page, locale, 'forgotPassword');
  }

  async request(email: string) {
    await this.field('email').fill(email);
    await this.page.getByRole('button', { name: this.t('forgot.submit'), exact: true }).click();
    await expect(this.page.getByTestId('forgot-sent')).toHaveText(this.t('forgot.sent'));
  }
}

export class ResetPasswordPage extends AccountPage {
  constructor(page: Page, locale: Locale) {
    super(page, locale, 'resetPassword');
  }

  async reset(password: string) {
    await this.page.getByLabel(this.t('fields.new_password'), { exact: true }).fill(password);
    await this.field('password_confirmation').fill(password);
    await this.page.getByRole('button', { name: this.t('reset.submit'), exact: true }).click();
  }

  done() {
    return this.page.getByTestId('reset-done');
  }

  invalid() {
    return this.page.getByTestId('reset-invalid');
  }
}

export class ProfileEditPage extends AccountPage {
  constructor(page: Page, locale: Locale) {
    super(page, locale, 'profileEdit');
  }

  override async open(query = '') {
    await super.open(query);
    await expect(this.field('company_name')).toBeVisible();
  }

  logoInput() {
    return this.page.getByLabel(this.t('fields.logo'), { exact: true });
  }

  logoImage() {
    return this.page.getByTestId('logo-preview').locator('img');
  }

  async uploadLogo(name: string, buffer: Buffer) {
    await this.logoInput().setInputFiles({ name, mimeType: 'image/png', buffer });
  }

  logoError() {
    return this.page.locator('#profile-logo-error');
  }

  async requestEmailChange(newEmail: string, password: string) {
    await this.field('new_email').fill(newEmail);
    await this.field('current_password').fill(password);
    await this.page.getByRole('button', { name: this.t('profile.email.submit'), exact: true }).click();
    await expect(this.page.getByTestId('email-change-sent')).toBeVisible();
  }
}
