/**
 * The basic report on the web: renders ReportFigures as they come (suppressed values are null with
 * a reason and are shown as marked cells, never dropped). Section headings in the UI language;
 * question texts in the report language. Group names come from the shared groupDisplayLabel with
 * the words ("Other", "No answer", "Withheld") in the UI language; the last section says how the
 * survey's reporting base protects anonymity (figures.protection).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFigures } from '../../../shared/schemas/report';
import { useLocale } from '../../i18n/use-locale';
import { BarRow, HIDDEN_MARK, StackedBar } from './charts';
import { numberFormat } from '../../lib/number-format';
import { categoryTitle, dimensionLabel, statementText } from './labels';
import type { ReportOptions } from './report-api';
import { Hidden, Scroll, Section } from './report-parts';
import { KeyFigures, Overview } from './report-overview';
import { Statements } from './report-statements';
import { BreakdownRow, HeatmapSection } from './report-groups';
import { ExtraQuestion } from './report-extra';
import { Protection } from './report-protection';
import { ReportComments } from './report-comments';
import { roundedRatio } from '../../../shared/rounding';

export function ReportView({ figures, options }: { figures: ReportFigures; options: ReportOptions }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const lang = figures.language;
  const min = figures.min_group_size;
  const hiddenText = t('hidden.short', { min });
  const dimension = (key: string) => dimensionLabel(key, lang, options.extra_questions, (id) => t(`labels.groups.${id}`, { defaultValue: id }));
  const shown = !figures.population.suppressed;

  const sections = [
    ['overview', t('labels.sections.overview')],
    ...(shown ? [['key-figures', t('labels.sections.keyFigures')], ['categories', t('labels.sections.categories')], ['statements', t('labels.sections.statements')]] : []),
    ...(figures.heatmap ? [['heatmap', t('labels.sections.heatmap')]] : []),
    ...(figures.breakdown ? [['breakdown', t('labels.sections.breakdown')]] : []),
    ...(shown && figures.chosen_questions.length > 0 ? [['chosen', t('labels.sections.chosen')]] : []),
    ...(figures.extra_questions.length > 0 ? [['extra', t('labels.sections.extra')]] : []),
    ['comments', t('labels.sections.comments')],
    ['protection', t('labels.sections.protection')],
  ] as const;

  return (
    <div className="report" data-testid="report">
      <nav className="card report-toc" aria-label={t('toc')}>
        <ol>
          {sections.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <Overview figures={figures} f={f} options={options} />

      {!shown && (
        <p className="notice notice-info" role="status" data-testid="population-hidden">
          {/* Without selected answers the whole survey is below the minimum: nothing to choose differently. */}
          {figures.filter.answers.length === 0 ? t('population.surveyBelowMinimum', { min }) : t(`population.${figures.population.reason ?? 'below-minimum'}`, { min })}
        </p>
      )}

      {shown && <KeyFigures figures={figures} f={f} />}

      {shown && (
        <Section id="categories" title={t('labels.sections.categories')}>
          <p className="hint">{t('categories.hint')}</p>
          <div className="bars" data-testid="category-bars">
            {figures.categories.map((c) => (
              <BarRow
                key={c.id}
                label={<span lang={lang}>{categoryTitle(c.id, lang)}</span>}
                value={c.mean}
                min={1}
                max={4}
                hiddenLabel={hiddenText}
                text={`${f.num(c.mean, 2)} · ${f.pct(c.favourable_pct)}`}
              />
            ))}
          </div>
        </Section>
      )}

      {shown && <Statements statements={figures.statements} f={f} lang={lang} hiddenText={hiddenText} />}

      {figures.heatmap && <HeatmapSection figures={figures} f={f} />}

      {figures.breakdown && (
        <Section id="breakdown" title={t('labels.breakdown', { group: dimension(figures.breakdown.question) })}>
          <Scroll label={t('labels.sections.breakdown')}>
            <table className="report-table" data-testid="breakdown-table">
              <thead>
                <tr>
                  <th scope="col">{t('labels.group')}</th>
                  <th scope="col">{t('breakdown.n')}</th>
                  <th scope="col">ESI</th>
                  <th scope="col">eNPS</th>
                  {figures.categories.map((c) => (
                    <th key={c.id} scope="col" lang={lang}>
                      {categoryTitle(c.id, lang)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {figures.breakdown.groups.map((g) => (
                  <BreakdownRow key={g.key || '__none'} g={g} f={f} lang={lang} categories={figures.categories.map((c) => c.id)} min={min} />
                ))}
              </tbody>
            </table>
          </Scroll>
          <p className="hint">
            <span aria-hidden="true">{HIDDEN_MARK}</span> {t('hidden.legend', { min })}
          </p>
        </Section>
      )}

      {shown && figures.chosen_questions.length > 0 && (
        <Section id="chosen" title={t('labels.sections.chosen')}>
          {figures.chosen_questions.map((id) => {
            const s = figures.statements.find((x) => x.id === id);
            if (!s) return null;
            return (
              <div key={id} className="chosen-item">
                <h3 lang={lang}>{statementText(id, lang)}</h3>
                {s.suppressed || s.mean === null ? (
                  <p>
                    <Hidden label={hiddenText} /> {hiddenText}
                  </p>
                ) : (
                  <>
                    <p>
                      {t('labels.mean')}: <strong>{f.num(s.mean, 2)}</strong> · {t('labels.favourable')}: <strong>{f.pct(s.favourable_pct)}</strong> · n = {f.num(s.n)}
                    </p>
                    <StackedBar
                      label={statementText(id, lang)}
                      format={(pct, count) => `${f.pct(pct)} (${f.num(count)})`}
                      segments={s.distribution.map((count, i) => ({
                        key: String(i + 1),
                        label: t(`scale.${String(i + 1)}`),
                        count,
                        pct: roundedRatio(100 * count, s.n, 1),
                        tone: (['n1', 'n2', 'n4', 'n5'] as const)[i] ?? 'n3',
                      }))}
                    />
                  </>
                )}
              </div>
            );
          })}
        </Section>
      )}

      {figures.extra_questions.length > 0 && (
        <Section id="extra" title={t('labels.sections.extra')}>
          {figures.extra_questions.map((q) => (
            <ExtraQuestion key={q.id} q={q} f={f} options={options} lang={lang} hiddenText={hiddenText} minGroupSize={min} leftOut={figures.protection.left_out.find((l) => l.question === `extra:${q.id}`)?.reason ?? null} />
          ))}
        </Section>
      )}

      <Section id="comments" title={t('labels.sections.comments')}>
        <p className="hint">{t('comments.hint')}</p>
        <ReportComments figures={figures} f={f} />
      </Section>

      <Protection figures={figures} options={options} />
    </div>
  );
}
