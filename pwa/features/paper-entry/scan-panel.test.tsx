/**
 * The scan panel's messages when a file cannot be read: the file itself (not a PDF or an image), or reading's own
 * files missing on this device (offline, never opened online: they are not precached), said once, in the page's
 * language, and not blamed on the file.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { renderPage } from '../../test/render';
import { installEntry } from './entry-store';
import { entryItems } from './keying';
import { ScanPanel } from './scan-panel';
import type * as ReaderModule from './scan-reader';

const failure = vi.hoisted(() => ({ missing: true }));
vi.mock('./scan-reader', async (importOriginal) => {
  const actual = await importOriginal<typeof ReaderModule>();
  class IdleWorker {
    prepare() {}
    stop() {}
    read() {
      return Promise.reject(new Error('not in this test'));
    }
  }
  return {
    ...actual,
    ScanWorker: IdleWorker,
    // eslint-disable-next-line require-yield
    filePages: async function* () {
      throw failure.missing ? new actual.ReaderMissing('offline') : new Error('not a PDF');
    },
  };
});

const pkg = { survey_id: 7, type: 'izz', name: 'IZZ 2026', company_name: 'Demo', logo_url: null, languages: ['sl'], end_date: '2030-12-31', statement_ids: [], demographic_ids: [], departments: [], locations: [], extra_questions: [], puls_question_ids: [], round: null } as unknown as QuestionnairePackage;

afterEach(cleanup);

async function chooseFiles(locale: 'en' | 'sl', names: string[]) {
  const config = await installEntry(7, { token: 'tok.en.sig', expires_at: '2031-01-02T00:00:00Z', package: pkg, salt: 'c2FsdHNhbHQ', hashes: [] });
  const page = renderPage(<ScanPanel config={config} surveyId="7" items={entryItems(pkg)} language="sl" onConfig={() => undefined} />, { locale, ns: ['paper-entry', 'common'] });
  const input = await screen.findByTestId('omr-file-input');
  fireEvent.change(input, { target: { files: names.map((n) => new File(['%PDF-1.4'], n, { type: 'application/pdf' })) } });
  return page;
}

describe('scan panel: a file that cannot be read', () => {
  it('says once that reading needs a network on this device when its files are missing, not that the file is wrong (en, sl)', async () => {
    failure.missing = true;
    for (const locale of ['en', 'sl'] as const) {
      const { i18n } = await chooseFiles(locale, ['a.pdf', 'b.pdf']);
      const t = i18n.t.bind(i18n);
      expect(await screen.findByText(t('paper-entry:scan.readerMissing'))).toBeTruthy();
      expect(screen.getAllByRole('alert').filter((el) => el.textContent === t('paper-entry:scan.readerMissing'))).toHaveLength(1);
      expect(screen.queryByText(t('paper-entry:scan.readFailed', { file: 'a.pdf' }))).toBeNull();
      cleanup();
    }
  });

  it('names each file that is not a PDF or an image', async () => {
    failure.missing = false;
    const { i18n } = await chooseFiles('en', ['a.pdf', 'b.pdf']);
    const t = i18n.t.bind(i18n);
    expect(await screen.findByText(t('paper-entry:scan.readFailed', { file: 'a.pdf' }))).toBeTruthy();
    expect(await screen.findByText(t('paper-entry:scan.readFailed', { file: 'b.pdf' }))).toBeTruthy();
  });
});
