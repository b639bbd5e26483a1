import { useEffect, useState } from 'react';
import { api } from '../../app/api';

export type SiteContact =
  | { status: 'loading' }
  | { status: 'ready'; email: string; phone: string }
  | { status: 'unavailable' };

/** The operator's contact e-mail and phone from GET /api/config (data.contact_email / contact_phone). */
export function useSiteContact(): SiteContact {
  const [state, setState] = useState<SiteContact>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api<{ data?: { contact_email?: unknown; contact_phone?: unknown } }>('/api/config', { locale: null, signal: controller.signal })
      .then((body) => {
        const email = typeof body.data?.contact_email === 'string' ? body.data.contact_email.trim() : '';
        const phone = typeof body.data?.contact_phone === 'string' ? body.data.contact_phone.trim() : '';
        setState(email || phone ? { status: 'ready', email, phone } : { status: 'unavailable' });
      })
      .catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        setState({ status: 'unavailable' });
      });
    return () => controller.abort();
  }, []);
  return state;
}

/** tel: links keep only digits and a leading plus. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
