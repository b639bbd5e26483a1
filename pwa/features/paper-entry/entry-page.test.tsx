/**
 * The entry page over the device's store (fake-indexeddb) with the network down, as after an offline reload:
 * a double entry kept between its keyings resumes with the first keying (its difference shows), a discarded
 * form is deleted, and a form the device cannot keep says so.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { getDb, StorageError } from '../../db/db';
import { codeHash } from '../../lib/code-hash';
import { renderPage, stubApi } from '../../test/render';
import type { EntryFlow } from './entry-flow';
import * as store from './entry-store';
import type * as StoreModule from './entry-store';
import { entryItems, itemKey, type FormValues } from './keying';
import PaperEntryPage from './entry-page';

vi.mock('../../sync/app-engine', () => {
  const status = { running: false, pendingCount: 0, rejected: [], lastSyncAt: null, lastError: null, nextAttemptAt: null };
  return { startAppSync: vi.fn(), getSyncEngine: () => ({ status, syncNow: vi.fn() }), useSyncStatus: () => status };
});
vi.mock('./entry-store', async (importOriginal) => {
  const actual = await importOriginal<typeof StoreModule>();
  return { ...actual, keepForm: vi.fn(actual.keepForm) };
});

const pkg = {
  survey_id: 7,
  type: 'izz',
  name: 'IZZ 2026',
  company_name: 'Demo',
  logo_url: null,
  languages: ['sl', 'en'],
  end_date: '2030-12-31',
  statement_ids: STATEMENTS.map((s) => s.id),
  demographic_ids: [],
  departments: [],
  locations: [],
  extra_questions: [],
  puls_question_ids: [],
  round: null,
} as unknown as QuestionnairePackage;
const items = entryItems(pkg);
const CODE = 'ABCDEFGHJK';
const SALT = 'c2FsdHNhbHQ';

/** A whole form: every mandatory item keyed (statements 3, eNPS 9, ESI 8), the first statement as given. */
function wholeForm(firstStatement: number): FormValues {
  const values: FormValues = {};
  for (const item of items) {
    if (item.kind === 'statement') values[itemKey(item)] = 3;
    else if (item.kind === 'enps') values[itemKey(item)] = 9;
    else if (item.kind === 'esi') values[itemKey(item)] = 8;
  }
  values[itemKey(items[0]!)] = firstStatement;
  return values;
}

beforeEach(async () => {
  Element.prototype.scrollIntoView ??= () => undefined; // not in jsdom; the keying step scrolls its map
  const db = getDb();
  await Promise.all([db.meta.clear(), db.outbox.clear(), db.paperForms.clear()]);
  await store.installEntry(7, { token: 'tok.en.sig', expires_at: '2031-01-02T00:00:00Z', package: pkg, salt: SALT, hashes: [await codeHash(SALT, CODE)] });
  await store.updateSettings(7, { double_entry: true });
  // The network is down: the page works from the device.
  stubApi({
    '*': () => {
      throw new TypeError('Failed to fetch');
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(store.keepForm).mockClear();
});

const openPage = () => renderPage(<PaperEntryPage />, { locale: 'en', ns: ['paper-entry', 'common'], route: 'profileIzzEntry', params: { id: '7' } });

describe('paper entry page: the form in progress on the device', () => {
  it('resumes a double entry kept between its keyings: the second keying is compared with the first, which was kept', async () => {
    const hash = await codeHash(SALT, CODE);
    const flow: EntryFlow = {
      phase: { step: 'review', pass: 2, code: CODE, hash, first: wholeForm(4) },
      keying: { cursor: items.length, buffer: '', values: wholeForm(1), error: null },
    };
    await store.keepForm(7, flow);
    openPage();
    expect(await screen.findByRole('heading', { name: /Review form ABCDE-FGHJK/ })).toBeTruthy();
    expect(screen.getByText('Second keying (check)')).toBeTruthy();
    fireEvent.submit(screen.getByLabelText('Item number to correct (Enter alone saves)').closest('form')!);
    const diff = await screen.findByTestId('pe-diff');
    expect(within(diff).getByRole('heading').textContent).toBe('1 difference between the two keyings of ABCDE-FGHJK');
    const row = within(diff).getByTestId('pe-diff-1');
    expect(within(row).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['4', '1']);
    // The differences are kept too
    await waitFor(async () => expect((await store.loadKeptForm(7))?.phase.step).toBe('diff'));
  });

  it('a discarded form is deleted from the device', async () => {
    const hash = await codeHash(SALT, CODE);
    await store.keepForm(7, { phase: { step: 'keying', pass: 2, code: CODE, hash, first: wholeForm(4), backToReview: false }, keying: { cursor: 3, buffer: '', values: {}, error: null } });
    openPage();
    expect(await screen.findByText('Item 4 of 79')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard this form' }));
    expect(await screen.findByLabelText('Code of the paper form')).toBeTruthy();
    await waitFor(async () => expect(await getDb().paperForms.count()).toBe(0));
  });

  it('says so when the device cannot keep the form being keyed', async () => {
    vi.mocked(store.keepForm).mockRejectedValue(new StorageError('quota', 'full'));
    openPage();
    const input = await screen.findByLabelText('Code of the paper form');
    fireEvent.change(input, { target: { value: CODE } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByTestId('pe-keep-failed')).toBeTruthy();
    expect(screen.getByTestId('pe-keep-failed').textContent).toBe('The form you are keying could not be kept on this device: finish it before you reload or close this page.');
    vi.mocked(store.keepForm).mockReset();
  });
});
