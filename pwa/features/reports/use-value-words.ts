import { useTranslation } from 'react-i18next';
import type { ValueWords } from './labels';

/** The words group names are made of ("Other", "No answer", "Withheld"), in the UI language. */
export function useValueWords(): ValueWords {
  const { t } = useTranslation('reports');
  return { other: t('values.other'), noAnswer: t('noAnswer'), noAnswerInList: t('values.noAnswerInList'), withheld: t('values.withheld') };
}
