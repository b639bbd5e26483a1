/**
 * The one script of a purely public page the server rendered (home, award conditions, the blog and its posts, past
 * winners: server/modules/pages/pages.routes.ts `STATIC_PAGES`). Such a page is complete as HTML and is not hydrated:
 * React, the router and the texts (hundreds of kB to evaluate on a phone) are not loaded. A link into the app is an
 * ordinary navigation, which loads the app there. This script only makes what the HTML has work a little better:
 * - the cookie banner's form (a real POST to /api/consent without any script) stores the choice here, without a reload;
 * - the header's disclosures (<details>): one open at a time, closed by Escape or a click elsewhere, opened by hover on
 *   wide screens and by the arrow keys, as the app's header does;
 * - the service worker is registered once the page has loaded and the browser is idle (offline, its app shell serves
 *   every page), and the configuration and footer the page was rendered with are kept for offline pages (kept-copy,
 *   in an idle moment).
 * It imports no React: a few kB.
 */
import { consentChoice, makeConsent } from '../shared/consent';
import { UI } from '../shared/constants';
import { deleteOtherCookies, writeConsent } from './app/consent/consent';
import { keepCopy } from './lib/kept-copy';

/** The rendered page's data beside its HTML (lib/ssr-data.ts; not imported: it brings React). */
const SSR_DATA_ELEMENT_ID = 'ssr-data';

function enhanceConsent(): void {
  const banner = document.querySelector<HTMLElement>('[data-testid="cookie-banner"]');
  const form = banner?.querySelector('form');
  if (!banner || !form) return;
  const root = document.documentElement;
  // The banner's height as the browser lays the page out (an observer's first call comes with the first layout):
  // reading it here would force that layout inside this script's task, one long task more on a phone.
  const observer = new ResizeObserver(([entry]) => {
    const height = entry?.borderBoxSize[0]?.blockSize ?? banner.offsetHeight;
    root.style.setProperty('--cookie-banner-height', `${String(Math.round(height))}px`);
  });
  observer.observe(banner);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter.value : '';
    const data = new FormData(form);
    deleteOtherCookies();
    writeConsent(makeConsent(consentChoice({ choice: submitter === 'all' || submitter === 'custom' ? submitter : 'necessary', analytics: data.has('analytics'), marketing: data.has('marketing') })));
    observer.disconnect();
    banner.remove();
    root.style.removeProperty('--cookie-banner-height');
  });
}

function enhanceMenus(): void {
  const header = document.querySelector<HTMLElement>('header.site-header');
  if (!header) return;
  const all = () => [...header.querySelectorAll<HTMLDetailsElement>('details')];
  const dropdowns = () => all().filter((d) => !d.classList.contains('menu-toggle'));
  const wide = window.matchMedia(`(min-width: ${String(UI.hoverMenuMinWidthPx)}px)`);
  const links = (d: HTMLDetailsElement) => [...d.querySelectorAll<HTMLAnchorElement>('ul a')];
  const close = (d: HTMLDetailsElement) => {
    d.open = false;
  };

  // One dropdown open at a time (the hamburger's menu stays open around them).
  header.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open || opened.classList.contains('menu-toggle')) return;
      for (const d of dropdowns()) if (d !== opened && !d.contains(opened)) close(d);
    },
    true,
  );
  document.addEventListener('pointerdown', (event) => {
    if (event.target instanceof Node && header.contains(event.target)) return;
    for (const d of all()) close(d);
  });
  header.addEventListener('keydown', (event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    const details = target?.closest('details');
    if (!target || !details) return;
    const items = links(details);
    if (event.key === 'Escape' && details.open) {
      event.preventDefault();
      close(details);
      details.querySelector<HTMLElement>(':scope > summary')?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (items.length === 0) return;
    event.preventDefault();
    details.open = true;
    const index = items.indexOf(target as HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = index < 0 ? (step > 0 ? 0 : items.length - 1) : (index + step + items.length) % items.length;
    items[next]?.focus();
  });
  // Wide screens: a dropdown opens while the pointer is over it; a click right after that keeps it open (as the app's).
  for (const item of header.querySelectorAll<HTMLElement>('.has-dropdown')) {
    const details = item.querySelector('details');
    const summary = details?.querySelector(':scope > summary');
    if (!details || !summary) continue;
    let openedByHover = false;
    item.addEventListener('mouseenter', () => {
      if (!wide.matches) return;
      openedByHover = !details.open;
      details.open = true;
    });
    item.addEventListener('mouseleave', () => {
      openedByHover = false;
      if (wide.matches) close(details);
    });
    summary.addEventListener('click', (event) => {
      if (!openedByHover) return;
      openedByHover = false;
      event.preventDefault();
    });
  }
  wide.addEventListener('change', () => all().forEach(close));
}

/** The configuration and the footer this page was rendered with, for pages opened offline later (lib/kept-copy.ts). */
function keepShellCopies(): void {
  const element = document.getElementById(SSR_DATA_ELEMENT_ID);
  try {
    const payload = JSON.parse(element?.textContent ?? 'null') as { shell?: { config?: unknown } } | null;
    if (payload?.shell?.config) keepCopy('config', payload.shell.config);
  } catch {
    // Nothing to keep.
  }
  const footer = document.querySelector('[data-testid="footer-html"]');
  if (footer) keepCopy(`footer:${document.documentElement.lang}`, footer.innerHTML);
}

function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(register, { timeout: 10_000 }) : register());
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

enhanceConsent();
enhanceMenus();
// Not needed before the page is shown: in an idle moment after.
if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(keepShellCopies, { timeout: 5000 });
else keepShellCopies();
registerServiceWorker();
document.documentElement.dataset.publicPage = 'ready';
