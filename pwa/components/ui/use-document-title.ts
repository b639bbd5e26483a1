import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title to '<page> | <site name>' (just the site name when page is empty). */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation('common');
  const site = t('siteName');
  useEffect(() => {
    document.title = page ? `${page} | ${site}` : site;
  }, [page, site]);
}
