import { api } from '../../lib/api';
import { useResource } from '../../lib/use-resource';

export type SiteContact =
  | { status: 'loading' }
  | { status: 'ready'; email: string; phone: string }
  | { status: 'unavailable' };

/** The operator's contact e-mail and phone from GET /api/config (data.contact_email / contact_phone). */
export function useSiteContact(): SiteContact {
  // No X-Locale: the answer does not depend on the language. A failure or an unreadable answer: unavailable.
  const { status, data } = useResource(
    (signal) =>
      api<{ data?: { contact_email?: unknown; contact_phone?: unknown } }>('/api/config', { locale: null, signal }).then((body): SiteContact => {
        const email = typeof body.data?.contact_email === 'string' ? body.data.contact_email.trim() : '';
        const phone = typeof body.data?.contact_phone === 'string' ? body.data.contact_phone.trim() : '';
        return email || phone ? { status: 'ready', email, phone } : { status: 'unavailable' };
      }),
    'site-contact',
  );
  if (status === 'loading') return { status: 'loading' };
  return status === 'ready' ? data : { status: 'unavailable' };
}

/** tel: links keep only digits and a leading plus. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
