/**
 * The basic report on the web: renders ReportFigures as they come (suppressed values are null with
 * a reason and are shown as marked cells, never dropped). Section headings in the UI language;
 * question texts in the report language. Group names come from the shared groupDisplayLabel with
 * the words ("Other", "No answer", "Withheld") in the UI language; the last section says how the
 * survey's reporting base protects anonymity (figures.protection).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IzzCategoryId } from '../../../shared/question-banks';
import { BASE_OTHER_KEY, type ExtraResult, type LeftOutReason, type ReportFigures, type ReportGroup, type StatementFigures } from '../../../shared/schemas/report';
import { useLocale } from '../../i18n/use-locale';
import { BarRow, heatLevel, HIDDEN_MARK, StackedBar } from './charts';
import { numberFormat, type NumberFormat } from './format';
import { baseValueLabel, categoryTitle, dimensionLabel, filterQuestionLabel, groupName, statementText, type ValueWords } from './labels';
import type { ReportOptions } from './report-api';
import { useValueWords } from './use-value-words';
import { localizedText } from '../../../shared/i18n/localized-text';

type SortKey = 'order' | 'mean' | 'favourable';

function Hidden({ label }: { label: string }) {
  return (
    <span className="hidden-mark" title={label}>
      <span aria-hidden="true">{HIDDEN_MARK}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="card report-section" id={id} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {children}
    </section>
  );
}

function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // A wide table scrolls on its own on a phone; focusable so the keyboard can scroll it.
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

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
          {t(`population.${figures.population.reason ?? 'below-minimum'}`, { min })}
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
                        pct: s.n > 0 ? Math.round((1000 * count) / s.n) / 10 : null,
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
            <ExtraQuestion key={q.id} q={q} f={f} options={options} lang={lang} hiddenText={hiddenText} leftOut={figures.protection.left_out.some((l) => l.question === `extra:${q.id}`)} />
          ))}
        </Section>
      )}

      <Section id="comments" title={t('labels.sections.comments')}>
        <p className="hint">{t('comments.hint')}</p>
        {figures.comments.praise_critique.length === 0 ? (
          <p>{t('labels.noComments')}</p>
        ) : (
          <ul className="comment-list" data-testid="comments">
            {figures.comments.praise_critique.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        )}
      </Section>

      <Protection figures={figures} options={options} />
    </div>
  );
}

function Overview({ figures, f, options }: { figures: ReportFigures; f: NumberFormat; options: ReportOptions }) {
  const { t } = useTranslation('reports');
  const m = figures.meta;
  const lang = figures.language;
  const words = { department: t('labels.groups.department'), location: t('labels.groups.location') };
  const dimension = (key: string) => dimensionLabel(key, lang, options.extra_questions, (id) => t(`labels.groups.${id}`, { defaultValue: id }));
  const valueWords = useValueWords();
  return (
    <Section id="overview" title={t('labels.sections.overview')}>
      <dl className="report-facts" data-testid="overview">
        <div>
          <dt>{t('labels.responses')}</dt>
          <dd>
            {f.num(m.responses.total)}
            <span className="hint"> ({t('overview.channels', { online: f.num(m.responses.online), kiosk: f.num(m.responses.kiosk), paper: f.num(m.responses.paper) })})</span>
          </dd>
        </div>
        <div>
          <dt>{t('labels.employees')}</dt>
          <dd>{m.employees === null ? '–' : f.num(m.employees)}</dd>
        </div>
        <div>
          <dt>{t('labels.occupancy')}</dt>
          <dd data-testid="occupancy">{f.pct(m.occupancy_pct)}</dd>
        </div>
        <div>
          <dt>{t('overview.margin')}</dt>
          <dd data-testid="margin">
            {t('overview.marginValue', { p90: f.num(m.margin_of_error.p90, 1), p95: f.num(m.margin_of_error.p95, 1) })}
          </dd>
        </div>
        <div>
          <dt>{t('labels.period')}</dt>
          <dd>{m.start_date && m.end_date ? `${m.start_date} – ${m.end_date}` : '–'}</dd>
        </div>
        <div>
          <dt>{t('labels.minGroup')}</dt>
          <dd>{f.num(figures.min_group_size)}</dd>
        </div>
      </dl>
      {(figures.filter.answers.length > 0 || figures.filter.group) && (
        <div className="report-filter-summary" data-testid="filter-summary">
          {figures.filter.answers.length > 0 && (
            <p>
              {t('overview.filteredBy')}{' '}
              <span lang={lang}>
                {figures.filter.answers
                  .map((a) => `${filterQuestionLabel(a.question, lang, options.extra_questions, words)}: ${baseValueLabel(a.question, a.value, lang, options, valueWords)}`)
                  .join('; ')}
              </span>{' '}
              — {figures.population.n === null ? t('overview.populationHidden') : t('overview.population', { n: f.num(figures.population.n) })}
            </p>
          )}
          {figures.filter.group && (
            <p>
              {t('overview.groupedBy')} <span lang={lang}>{dimension(figures.filter.group)}</span>
            </p>
          )}
        </div>
      )}
    </Section>
  );
}

function KeyFigures({ figures, f }: { figures: ReportFigures; f: NumberFormat }) {
  const { t } = useTranslation('reports');
  const e = figures.enps;
  const hiddenText = t('hidden.short', { min: figures.min_group_size });
  return (
    <Section id="key-figures" title={t('labels.sections.keyFigures')}>
      <div className="key-figures">
        <div className="key-figure" data-testid="esi">
          <h3>{t('labels.esi')}</h3>
          <p className="big-number">{figures.esi.score === null ? <Hidden label={hiddenText} /> : f.num(figures.esi.score, 1)}</p>
          <p className="hint">{t('esi.hint')}</p>
          <BarRow label={t('esi.scale')} value={figures.esi.score} max={100} hiddenLabel={hiddenText} text={`${f.num(figures.esi.score, 1)} / 100`} />
        </div>
        <div className="key-figure" data-testid="enps">
          <h3>{t('enps.title')}</h3>
          <p className="big-number">{e.score === null ? <Hidden label={hiddenText} /> : f.signed(e.score, 1)}</p>
          <p className="hint">{t('enps.hint')}</p>
          {e.score !== null && (
            <StackedBar
              label={t('enps.title')}
              format={(pct, count) => `${f.pct(pct)} (${f.num(count)})`}
              segments={[
                { key: 'd', label: t('enps.detractors'), count: e.detractors, pct: e.detractors_pct, tone: 'neg' },
                { key: 'p', label: t('enps.passives'), count: e.passives, pct: e.passives_pct, tone: 'mid' },
                { key: 'r', label: t('enps.promoters'), count: e.promoters, pct: e.promoters_pct, tone: 'pos' },
              ]}
            />
          )}
        </div>
      </div>
    </Section>
  );
}

function Statements({ statements, f, lang, hiddenText }: { statements: StatementFigures[]; f: NumberFormat; lang: ReportFigures['language']; hiddenText: string }) {
  const { t } = useTranslation('reports');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'order', desc: false });
  const order = new Map(statements.map((s, i) => [s.id, i]));
  const shownOnes = statements.filter((s) => s.mean !== null);
  const byMean = [...shownOnes].sort((a, b) => (b.mean ?? 0) - (a.mean ?? 0) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const top = byMean.slice(0, 5);
  const bottom = byMean.slice(-5).reverse();
  const value = (s: StatementFigures) => (sort.key === 'order' ? (order.get(s.id) ?? 0) : sort.key === 'mean' ? (s.mean ?? -1) : (s.favourable_pct ?? -1));
  const rows = [...statements].sort((a, b) => (sort.desc ? value(b) - value(a) : value(a) - value(b)));
  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="sort-button" onClick={() => setSort({ key, desc: active ? !sort.desc : key !== 'order' })}>
          {label}
          <span aria-hidden="true">{active ? (sort.desc ? ' ▼' : ' ▲') : ' ↕'}</span>
        </button>
      </th>
    );
  };
  const list = (items: StatementFigures[], testid: string) => (
    <ol className="rank-list" data-testid={testid}>
      {items.map((s) => (
        <li key={s.id}>
          <span lang={lang}>{statementText(s.id, lang)}</span> <strong>{f.num(s.mean, 2)}</strong>
        </li>
      ))}
    </ol>
  );
  return (
    <Section id="statements" title={t('labels.sections.statements')}>
      <div className="rank-lists">
        <div>
          <h3>{t('statements.top')}</h3>
          {list(top, 'top-5')}
        </div>
        <div>
          <h3>{t('statements.bottom')}</h3>
          {list(bottom, 'bottom-5')}
        </div>
      </div>
      <Scroll label={t('labels.sections.statements')}>
        <table className="report-table statements-table" data-testid="statements-table">
          <caption className="visually-hidden">{t('statements.caption')}</caption>
          <thead>
            <tr>
              {header('order', '#')}
              <th scope="col">{t('labels.statement')}</th>
              {header('mean', t('labels.mean'))}
              {header('favourable', t('labels.favourable'))}
              <th scope="col">n</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id}>
                <td>{(order.get(s.id) ?? 0) + 1}</td>
                <th scope="row" className="statement-cell">
                  <span lang={lang}>{statementText(s.id, lang)}</span>
                  <span className="hint"> · {categoryTitle(s.category, lang)}</span>
                </th>
                <td className="num">{s.mean === null ? <Hidden label={hiddenText} /> : f.num(s.mean, 2)}</td>
                <td className="num">{s.favourable_pct === null ? <Hidden label={hiddenText} /> : f.pct(s.favourable_pct)}</td>
                <td className="num">{f.num(s.n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </Section>
  );
}

function HeatmapSection({ figures, f }: { figures: ReportFigures; f: NumberFormat }) {
  const { t } = useTranslation('reports');
  const words = useValueWords();
  const h = figures.heatmap;
  if (!h) return null;
  const lang = figures.language;
  const min = figures.min_group_size;
  return (
    <Section id="heatmap" title={t('labels.sections.heatmap')}>
      <p className="hint">{t('heatmap.hint')}</p>
      <Scroll label={t('labels.sections.heatmap')}>
        <table className="report-table heatmap" data-testid="heatmap">
          <caption className="visually-hidden">{t('heatmap.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('labels.category')}</th>
              {h.columns.map((c) => (
                <th key={c.key || '__none'} scope="col">
                  <span lang={lang}>{groupName(c, words)}</span>
                  <span className="hint heat-n"> {c.n === null ? `(${HIDDEN_MARK})` : `(n = ${f.num(c.n)})`}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {h.categories.map((cat: IzzCategoryId, row) => (
              <tr key={cat}>
                <th scope="row" lang={lang}>
                  {categoryTitle(cat, lang)}
                </th>
                {h.columns.map((c) => {
                  const cell = c.cells[row];
                  if (!cell || cell.suppressed || cell.mean === null) {
                    const why = t(`labels.reason.${c.reason ?? 'below-minimum'}`, { min });
                    return (
                      <td key={c.key || '__none'} className="heat heat-hidden" data-suppressed="true">
                        <Hidden label={why} />
                      </td>
                    );
                  }
                  return (
                    <td key={c.key || '__none'} className={`heat heat-${String(heatLevel(cell.mean))}`}>
                      {f.num(cell.mean, 2)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
      <ul className="legend heat-legend" data-testid="heatmap-legend">
        <li>
          <span className="swatch heat-hidden" aria-hidden="true">
            {HIDDEN_MARK}
          </span>
          {t('hidden.legend', { min })}
        </li>
        {[0, 1, 2, 3, 4].map((lvl) => (
          <li key={lvl}>
            <span className={`swatch heat-${String(lvl)}`} aria-hidden="true" />
            {t(`heatmap.level${String(lvl)}`)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function BreakdownRow({ g, f, lang, categories, min }: { g: ReportGroup; f: NumberFormat; lang: ReportFigures['language']; categories: IzzCategoryId[]; min: number }) {
  const { t } = useTranslation('reports');
  const words = useValueWords();
  const label = groupName(g, words);
  if (g.suppressed || !g.figures) {
    const why = g.reason === 'empty' ? t('labels.reason.empty') : t(`labels.reason.${g.reason ?? 'below-minimum'}`, { min });
    // Every cell is marked (nothing silently missing); the reason sits under the group's name so it reads on a phone.
    return (
      <tr data-suppressed="true">
        <th scope="row">
          <span lang={lang}>{label}</span>
          <span className="hint row-reason">{why}</span>
        </th>
        {Array.from({ length: 3 + categories.length }, (_, i) => (
          <td key={i} className="heat heat-hidden">
            <span aria-hidden="true">{HIDDEN_MARK}</span>
          </td>
        ))}
      </tr>
    );
  }
  const fig = g.figures;
  return (
    <tr>
      <th scope="row" lang={lang}>
        {label}
      </th>
      <td className="num">{f.num(g.n)}</td>
      <td className="num">{f.num(fig.esi.score, 1)}</td>
      <td className="num">{f.signed(fig.enps.score, 1)}</td>
      {categories.map((c) => {
        const m = fig.categories.find((x) => x.id === c)?.mean ?? null;
        return (
          <td key={c} className={`num heat heat-${String(heatLevel(m))}`}>
            {m === null ? HIDDEN_MARK : f.num(m, 2)}
          </td>
        );
      })}
    </tr>
  );
}

function ExtraQuestion({ q, f, options, lang, hiddenText, leftOut }: { q: ExtraResult; f: NumberFormat; options: ReportOptions; lang: ReportFigures['language']; hiddenText: string; leftOut: boolean }) {
  const { t } = useTranslation('reports');
  const words = useValueWords();
  const def = options.extra_questions.find((x) => x.id === q.id);
  const title = q.title || localizedText(def?.title, lang);
  const question = `extra:${q.id}`;
  // "Other" of the reporting base: named with the answers it holds (from the base when the options carry it).
  const optionLabel = (o: { label: string; other: boolean }) =>
    !o.other ? o.label : options.base?.dimensions.some((d) => d.question === question) ? baseValueLabel(question, BASE_OTHER_KEY, lang, options, words) : `${words.other}: ${o.label}`;
  if (leftOut && q.suppressed) {
    // Left out of the reporting base: no counts at all, and the reason instead of a misleading "0 answered".
    return (
      <div className="extra-item" data-testid={`extra-${q.id}`}>
        <h3 lang={lang}>{title}</h3>
        <p data-testid="extra-left-out">
          <span aria-hidden="true">{HIDDEN_MARK}</span> {t('extra.leftOut')} <a href="#protection">{t('labels.sections.protection')}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="extra-item" data-testid={`extra-${q.id}`}>
      <h3 lang={lang}>{title}</h3>
      <p className="hint">{t('extra.answered', { n: f.num(q.n) })}</p>
      {q.suppressed ? (
        <p>
          <Hidden label={hiddenText} /> {hiddenText}
        </p>
      ) : (
        <>
          {(q.type === 'radio' || q.type === 'checkbox') && (
            <div className="bars">
              {q.options.map((o) => (
                <BarRow key={o.index} label={<span lang={lang}>{optionLabel(o)}</span>} value={o.pct} max={100} hiddenLabel={hiddenText} text={`${f.pct(o.pct)} (${f.num(o.count)})`} />
              ))}
            </div>
          )}
          {q.type === 'scale' && (
            <>
              <p>
                {t('labels.mean')}: <strong>{f.num(q.mean, 2)}</strong> ({q.min}–{q.max})
              </p>
              <div className="bars">
                {q.distribution.map((count, i) => {
                  const total = q.distribution.reduce((s, x) => s + x, 0);
                  const pct = total > 0 ? Math.round((1000 * count) / total) / 10 : null;
                  return <BarRow key={i} label={String(q.min + i)} value={pct} max={100} hiddenLabel={hiddenText} text={`${f.pct(pct)} (${f.num(count)})`} />;
                })}
              </div>
            </>
          )}
          {(q.type === 'text250' || q.type === 'text1000') &&
            (q.texts.length === 0 ? (
              <p>{t('labels.noComments')}</p>
            ) : (
              <ul className="comment-list">
                {q.texts.map((x, i) => (
                  <li key={i}>{x}</li>
                ))}
              </ul>
            ))}
        </>
      )}
      {q.comments.length > 0 && (
        <details>
          <summary>{t('extra.comments', { count: q.comments.length })}</summary>
          <ul className="comment-list">
            {q.comments.map((x, i) => (
              <li key={i}>{x}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** How the reporting base protects this survey: values merged into "Other", questions left out and why, withheld respondents. */
function Protection({ figures, options }: { figures: ReportFigures; options: ReportOptions }) {
  const { t } = useTranslation('reports');
  const lang = figures.language;
  const min = figures.min_group_size;
  const p = figures.protection;
  const words: ValueWords = useValueWords();
  const qWords = { department: t('labels.groups.department'), location: t('labels.groups.location') };
  const qLabel = (key: string) => filterQuestionLabel(key, lang, options.extra_questions, qWords);
  const leftOut = (['small-combinations', 'one-group'] as const satisfies readonly LeftOutReason[])
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
                <p className="protection-lead">{l.reason === 'one-group' ? t('labels.protection.oneGroup') : t('labels.protection.smallCombinations', { min })}</p>
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
