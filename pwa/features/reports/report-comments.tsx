/**
 * The report's comments section: every free text the release lists, grouped by the question it answers
 * (praise and criticism first, then the company's own questions: their text answers and the comments on
 * their options), with the total count and a search box that filters as you type and says how many match.
 * The order within a group stays the release's shuffled order.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFigures } from '../../../shared/schemas/report';
import type { NumberFormat } from '../../lib/number-format';

type Group = { key: string; title: string; items: string[] };

export function commentGroups(figures: Pick<ReportFigures, 'comments' | 'extra_questions'>, praiseTitle: string): Group[] {
  const groups: Group[] = [{ key: 'praise', title: praiseTitle, items: figures.comments.praise_critique }];
  for (const q of figures.extra_questions) {
    const items = [...('texts' in q ? q.texts : []), ...q.comments];
    if (items.length > 0) groups.push({ key: `extra:${q.id}`, title: q.title, items });
  }
  return groups.filter((g) => g.items.length > 0);
}

/** Case- and accent-insensitive, in the report language's rules. */
const fold = (s: string, lang: string) => s.toLocaleLowerCase(lang).normalize('NFD').replace(/\p{M}/gu, '');

export function ReportComments({ figures, f }: { figures: ReportFigures; f: NumberFormat }) {
  const { t } = useTranslation('reports');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const groups = useMemo(() => commentGroups(figures, t('comments.praise')), [figures, t]);
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  const q = fold(query.trim(), figures.language);
  const shown = q ? groups.map((g) => ({ ...g, items: g.items.filter((c) => fold(c, figures.language).includes(q)) })).filter((g) => g.items.length > 0) : groups;
  const matching = shown.reduce((n, g) => n + g.items.length, 0);

  if (total === 0) return <p>{t('labels.noComments')}</p>;
  return (
    <div className="report-comments stack-sm">
      <p data-testid="comments-count">{t('comments.count', { count: f.num(total) })}</p>
      <div className="comments-search">
        <label htmlFor={searchId}>{t('comments.search')}</label>
        <input id={searchId} type="search" className="input" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="comments-search" />
        <p role="status" aria-live="polite" className="hint" data-testid="comments-matches">
          {q ? (matching === 0 ? t('comments.noMatch', { q: query.trim() }) : t('comments.matches', { count: f.num(matching), total: f.num(total) })) : ''}
        </p>
      </div>
      {shown.map((g) => (
        <section key={g.key} className="comment-group" data-testid="comment-group">
          <h3>
            {t('comments.question', { q: g.title })} <span className="hint">({f.num(g.items.length)})</span>
          </h3>
          <ul className="comment-list" data-testid={g.key === 'praise' ? 'comments' : undefined}>
            {g.items.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
