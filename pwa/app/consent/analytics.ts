/**
 * Third-party analytics and tag manager: injected only with consent, only in production,
 * only when configured (config analytics_id / tag_manager_id), and off by default.
 * NOTE: the server's Content-Security-Policy must also allow these origins before they can run
 * (script-src https://www.googletagmanager.com; connect-src https://*.google-analytics.com).
 */
import type { SiteConfig } from '../../../shared/schemas/config';
import type { Consent } from './consent';

const loaded = new Set<string>();

function injectScript(id: string, src: string, doc: Document): void {
  if (loaded.has(id) || doc.getElementById(id)) return;
  const script = doc.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
  loaded.add(id);
}

export interface TrackerPlan {
  analytics: string | null;
  tagManager: string | null;
}

/** Which scripts may load now. Pure, so the rules are testable. */
export function planTrackers(consent: Consent | null, config: Pick<SiteConfig, 'analytics_id' | 'tag_manager_id'> | null, isProd: boolean): TrackerPlan {
  if (!isProd || !consent || !config) return { analytics: null, tagManager: null };
  const safeId = (id: string | null) => (id && /^[A-Za-z0-9-]+$/.test(id) ? id : null);
  return {
    analytics: consent.analytics ? safeId(config.analytics_id) : null,
    tagManager: consent.marketing ? safeId(config.tag_manager_id) : null,
  };
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

export function loadTrackers(plan: TrackerPlan, doc: Document = document): void {
  const win = doc.defaultView as DataLayerWindow | null;
  if (win && (plan.analytics || plan.tagManager)) win.dataLayer ??= [];
  if (plan.analytics && !loaded.has('izz-analytics')) {
    // gtag() must push the arguments object itself.
    const gtag = function (..._args: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      win?.dataLayer?.push(arguments);
    };
    gtag('js', new Date());
    gtag('config', plan.analytics, { anonymize_ip: true });
    injectScript('izz-analytics', `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(plan.analytics)}`, doc);
  }
  if (plan.tagManager && !loaded.has('izz-tag-manager')) {
    win?.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    injectScript('izz-tag-manager', `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(plan.tagManager)}`, doc);
  }
}
