import { useTranslation } from 'react-i18next';
import type { CompanyListItem } from './admin-api';
import { Badge } from './admin-parts';

/** Verified / not verified / disabled, as a badge (text, not colour alone). */
export function CompanyStateBadge({ company }: { company: Pick<CompanyListItem, 'verified_at' | 'disabled_at'> }) {
  const { t } = useTranslation('admin');
  if (company.disabled_at) return <Badge tone="bad">{t('state.disabled')}</Badge>;
  if (company.verified_at) return <Badge tone="ok">{t('state.verified')}</Badge>;
  return <Badge tone="warn">{t('state.unverified')}</Badge>;
}

export function EmailStateBadge({ verifiedAt }: { verifiedAt: string | null }) {
  const { t } = useTranslation('admin');
  return verifiedAt ? <Badge tone="ok">{t('state.emailVerified')}</Badge> : <Badge tone="warn">{t('state.emailUnverified')}</Badge>;
}
