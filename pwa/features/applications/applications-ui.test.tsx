import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { ExtraQuestion } from '../../../shared/schemas/application';
import enApps from '../../../shared/i18n/en/applications.json';
import slApps from '../../../shared/i18n/sl/applications.json';
import { EmailStep } from './email-step';
import type { RespondentEmail } from './emails';
import { ExtraQuestionBuilder } from './extra-questions/extra-question-builder';
import { createTestI18n } from '../../test/render';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] => Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');

const createI18n = () => createTestI18n('en', ['common', 'applications']).i18n;

afterEach(cleanup);

describe('applications texts', () => {
  it('sl and en have the same keys (plural forms aside)', () => {
    const en = new Set(keys(enApps as Tree).map(base));
    const sl = new Set(keys(slApps as Tree).map(base));
    expect([...sl].sort()).toEqual([...en].sort());
  });
});

function EmailHarness({ initial, limit }: { initial: RespondentEmail[]; limit: number }) {
  const [emails, setEmails] = useState(initial);
  return <EmailStep applicationId={1} emails={emails} languages={['en', 'sl']} limit={limit} errorId="e" onChange={setEmails} />;
}

describe('respondent e-mails step', () => {
  it('adds valid pasted addresses and lists invalid, duplicate and over-limit ones', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <EmailHarness initial={[{ email: 'old@firma.si', language: 'en' }]} limit={3} />
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByLabelText('Paste e-mail addresses'), { target: { value: 'ana@firma.si\nnope\nOLD@firma.si; bo@firma.si, cene@firma.si' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add addresses' }));
    const report = screen.getByTestId('email-report');
    expect(report.textContent).toContain('2 addresses added.');
    expect(within(screen.getByTestId('emails-invalid')).getByText('nope')).toBeTruthy();
    expect(within(screen.getByTestId('emails-duplicates')).getByText('OLD@firma.si')).toBeTruthy();
    expect(within(screen.getByTestId('emails-over-limit')).getByText('cene@firma.si')).toBeTruthy();
    const rows = within(screen.getByTestId('email-table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0]?.textContent)).toEqual(['old@firma.si', 'ana@firma.si', 'bo@firma.si']);
  });
});

function BuilderHarness({ initial }: { initial: ExtraQuestion[] }) {
  const [questions, setQuestions] = useState(initial);
  return <ExtraQuestionBuilder questions={questions} languages={['en', 'sl']} onChange={setQuestions} max={20} />;
}

const question = (id: string, en: string, sl?: string): ExtraQuestion => ({ id, type: 'text250', title: { en, ...(sl ? { sl } : {}) }, description: {}, answers: [], required: true, allow_comments: true });

describe('extra-question builder', () => {
  it('moves by keyboard buttons with an announcement, duplicates right after, and lists missing texts', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <BuilderHarness initial={[question('a', 'First', 'Prvo'), question('b', 'Second')]} />
      </I18nextProvider>,
    );
    const titles = () => screen.getAllByTestId('extra-question').map((li) => li.getAttribute('data-question-id'));
    expect(screen.getByTestId('missing-texts').textContent).toContain('Question 2, title, Slovenščina');

    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(titles()).toEqual(['b', 'a']);
    expect(screen.getByTestId('builder-announcement').textContent).toContain('Question 2 moved to position 1 of 2.');
    expect(screen.getByTestId('missing-texts').textContent).toContain('Question 1, title, Slovenščina');

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate question 1' }));
    const ids = titles();
    expect(ids[0]).toBe('b');
    expect(ids[1]).not.toBe('b');
    expect(ids[2]).toBe('a');

    // The missing-text link switches to the Slovenian tab and focuses the field.
    fireEvent.click(screen.getAllByRole('link', { name: /Question 1, title, Slovenščina/ })[0]!);
    expect(screen.getByRole('tab', { name: /Slovenščina/ }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.id).toBe('eq-b-title-sl');
  });
});
