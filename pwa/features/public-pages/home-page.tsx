import { useTranslation } from 'react-i18next';
import { CardList, PageLink, StepList, useList, type TitledText } from './page-parts';
import { useDocumentTitle } from '../../components/ui/use-document-title';

interface Fact {
  value: string;
  label: string;
}

export default function HomePage() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('home.title'));
  const facts = useList<Fact>('home.facts');
  const steps = useList<TitledText>('home.steps.items');
  const modes = useList<TitledText>('home.modes.items');

  return (
    <div className="page public-page home-page">
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="container">
          <p className="public-eyebrow">{t('home.hero.eyebrow')}</p>
          <h1 id="home-hero-title">{t('home.hero.title')}</h1>
          <p className="lead">{t('home.hero.lead')}</p>
          <p className="public-actions">
            <PageLink to="register" className="btn btn-primary">
              {t('home.hero.ctaRegister')}
            </PageLink>
            <PageLink to="conductingResearch" className="btn btn-secondary">
              {t('home.hero.ctaResearch')}
            </PageLink>
          </p>
          <p className="home-code-hint">
            {t('home.hero.codeHint')} <PageLink to="questionnaire">{t('home.hero.codeLink')}</PageLink>
          </p>
        </div>
      </section>

      <div className="container">
        <ul className="home-facts">
          {facts.map((fact, i) => (
            <li key={i}>
              <span className="home-fact-value">{fact.value}</span>
              <span className="home-fact-label">{fact.label}</span>
            </li>
          ))}
        </ul>

        <section className="section" aria-labelledby="home-steps">
          <h2 id="home-steps">{t('home.steps.title')}</h2>
          <StepList items={steps} />
        </section>

        <section className="section" aria-labelledby="home-modes">
          <h2 id="home-modes">{t('home.modes.title')}</h2>
          <p className="lead">{t('home.modes.lead')}</p>
          <CardList items={modes} />
        </section>

        <section className="section home-anonymity" aria-labelledby="home-anonymity">
          <h2 id="home-anonymity">{t('home.anonymity.title')}</h2>
          <p>{t('home.anonymity.text')}</p>
          <p>
            <PageLink to="questionnaire">{t('home.anonymity.link')}</PageLink>
          </p>
        </section>

        <div className="section">
          <ul className="cards public-cards home-teasers">
            <li className="card">
              <h2>{t('home.award.title')}</h2>
              <p>{t('home.award.text')}</p>
              <PageLink to="awardConditions">{t('home.award.link')}</PageLink>
            </li>
            <li className="card">
              <h2>{t('home.puls.title')}</h2>
              <p>{t('home.puls.text')}</p>
              <PageLink to="puls">{t('home.puls.link')}</PageLink>
            </li>
            <li className="card">
              <h2>{t('home.price.title')}</h2>
              <p>{t('home.price.text')}</p>
              <PageLink to="calculator">{t('home.price.link')}</PageLink>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
