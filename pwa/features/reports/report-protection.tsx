import { useTranslation } from 'react-i18next';
import type { LeftOutReason, ReportFigures } from '../../../shared/schemas/report';
import { filterQuestionLabel, type ValueWords } from './labels';
import type { ReportOptions } from './report-api';
import { useValueWords } from './use-value-words';
import { Section } from './report-parts';

/** How the reporting base protects this survey: values merged into "Other", questions left out and why, withheld respondents. */
export function Protection({ figures, options }: { figures: ReportFigures; options: ReportOptions }) {
  const { t } = useTranslation('reports');
  const lang = figures.language;
  const min = figures.min_group_size;
  const p = figures.protection;
  const words: ValueWords = useValueWords();
  const qWords = { department: t('labels.groups.department'), location: t('labels.groups.location') };
  const qLabel = (key: string) => filterQuestionLabel(key, lang, options.extra_questions, qWords);
  const lead: Record<LeftOutReason, string> = {
    'small-combinations': t('labels.protection.smallCombinations', { min }),
    'one-group': t('labels.protection.oneGroup'),
    spread: t('labels.protection.spread', { min }),
  };
  const leftOut = (['small-combinations', 'one-group', 'spread'] as const satisfies readonly LeftOutReason[])
    .map((reason) => ({ reason, questions: p.left_out.filter((l) => l.reason === reason).map((l) => l.question) }))
    .filter((l) => l.questions.length > 0);
  return (
    <Section id="protection" title={t('labels.sections.protection')}>
      <div data-testid="protection">
        <p>{t('labels.protection.intro', { min })}</p>
        {p.merged.length > 0 && (
          <>
            <h3>{t('labels.protection.merged')}</h3>
            <ul className="protection-list" data-testid="protection-merged">
              {p.merged.map((m) => (
                <li key={m.question}>
                  <span lang={lang}>{qLabel(m.question)}</span>: <span lang={lang}>{m.values.map((v) => v ?? words.noAnswerInList).join(', ')}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {leftOut.length > 0 && (
          <>
            <h3>{t('labels.protection.leftOut')}</h3>
            {leftOut.map((l) => (
              <div key={l.reason} data-testid={`protection-left-out-${l.reason}`}>
                <p className="protection-lead">{lead[l.reason]}</p>
                <ul className="protection-list questions">
                  {l.questions.map((q) => (
                    <li key={q} lang={lang}>
                      {qLabel(q)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </>
        )}
        {p.withheld > 0 && <p data-testid="protection-withheld">{t('labels.protection.withheld', { count: p.withheld, group: words.withheld })}</p>}
        {p.merged.length === 0 && leftOut.length === 0 && p.withheld === 0 && <p>{t('labels.protection.nothing')}</p>}
      </div>
    </Section>
  );
}
