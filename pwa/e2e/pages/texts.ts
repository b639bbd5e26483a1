/**
 * A text of shared/i18n/<locale>/<ns>.json by its dotted key, as the app shows it: {{placeholders}} filled
 * and, for a counted text (vars.count a number), the plural form the locale's rule picks (as i18next does),
 * falling back to the plain key for a text that is not a plural. One loader for every page model.
 */
import fs from 'node:fs';
import path from 'node:path';

type Texts = { [key: string]: string | Texts };
const trees = new Map<string, Texts>();

function tree(locale: string, ns: string): Texts {
  const file = path.resolve('shared/i18n', locale, `${ns}.json`);
  let texts = trees.get(file);
  if (!texts) {
    texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Texts;
    trees.set(file, texts);
  }
  return texts;
}

function lookup(root: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = root;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export function localeText(locale: string, ns: string, key: string, vars: Record<string, string | number> = {}): string {
  const root = tree(locale, ns);
  const plural = typeof vars.count === 'number' ? lookup(root, `${key}_${new Intl.PluralRules(locale).select(vars.count)}`) : undefined;
  const text = plural ?? lookup(root, key);
  if (text === undefined) throw new Error(`no ${ns} text ${locale} ${key}`);
  return Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);
}
