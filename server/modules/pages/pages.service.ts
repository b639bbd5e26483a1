/**
 * The PWA's index.html for page routes: <html lang> from the path's locale, and for unknown
 * paths the localized 'page-not-found' text as the <title> (so a 404 reads right without JS).
 * The template is read once and kept in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../../../shared/errors/node.js';
import type { UiLocale } from '../../../shared/locales.js';
import { escapeHtml } from '../../lib/html.js';

export function renderIndexHtml(template: string, locale: UiLocale, notFound: boolean): string {
  let html = template;
  const htmlTag = /<html\b([^>]*)>/i;
  if (htmlTag.test(html)) {
    html = html.replace(htmlTag, (_m, attrs: string) => `<html${attrs.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '')} lang="${locale}">`);
  } else {
    html = `<html lang="${locale}">${html}</html>`;
  }
  if (notFound) {
    const title = escapeHtml(errorMessage('page-not-found', locale));
    const extraHead = '<meta name="robots" content="noindex">';
    if (/<title\b[^>]*>[\s\S]*?<\/title>/i.test(html)) {
      html = html.replace(/<title\b[^>]*>[\s\S]*?<\/title>/i, `<title>${title}</title>${extraHead}`);
    } else if (/<\/head>/i.test(html)) {
      html = html.replace(/<\/head>/i, `<title>${title}</title>${extraHead}</head>`);
    }
  }
  return html;
}

export function createIndexTemplate(staticDir: string) {
  const file = path.join(staticDir, 'index.html');
  let cached: string | null = null;
  return {
    file,
    /** The template, or null while the build is missing (checked again on the next call). */
    get(): string | null {
      if (cached !== null) return cached;
      try {
        cached = fs.readFileSync(file, 'utf8');
      } catch {
        return null;
      }
      return cached;
    },
  };
}
