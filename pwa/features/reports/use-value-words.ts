import { useTranslation } from 'react-i18next';
import type { ValueWords } from './labels';

/** The words group names are made of ("Other", "No answer", "Withheld"), in the UI language. */
export function useValueWords(): ValueWords {
  const { t } = useTranslation('reports');
  return { other: t('labels.other'), noAnswer: t('labels.noAnswer'), noAnswerInList: t('values.noAnswerInList'), withheld: t('labels.withheld') };
}
