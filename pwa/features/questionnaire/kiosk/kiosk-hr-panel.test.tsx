/**
 * A disabled company's kiosk at sync: the server answers its responses 'deferred' with the reason
 * 'company-disabled'. The kiosk keeps them (pending, not refused, so leaving kiosk mode does not drop them) and the
 * HR panel says why in the kiosk's language.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enTexts from '../../../../shared/i18n/en/kiosk.json';
import hrTexts from '../../../../shared/i18n/hr/kiosk.json';
import type { QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import type { UiLocale } from '../../../../shared/locales';
import { getDb, normaliseOutbox, type OutboxRow } from '../../../db/db';
import { getSyncEngine } from '../../../sync/app-engine';
import { json, renderPage, stubApi, type ApiCall } from '../../../test/render';
import { KioskHrPanel } from './kiosk-hr-panel';
import { installKiosk, kioskQueue, type KioskConfig } from './kiosk-store';

const pkg = { survey_id: 7, type: 'izz', name: 'IZZ 2026', company_name: 'Demo', logo_url: null, languages: ['sl', 'en'], end_date: '2030-12-31', statement_ids: [], demographic_ids: [], departments: [], locations: [], extra_questions: [], puls_question_ids: [], round: null } as QuestionnairePackage;
const TOKEN = 'kiosk.token.value';
const row = (): OutboxRow => ({
  id: crypto.randomUUID(),
  token: TOKEN,
  answers: { sealed: { epk: {}, iv: 'iv', ct: 'ct' } },
  created_at: Date.now(),
  status: 'pending',
  attempts: 0,
  next_attempt_at: 0,
  last_error: null,
  reject_code: null,
  survey_id: 'kiosk:7',
});
const items = (call: ApiCall) => (call.body as { items: { id: string }[] }).items;

let config: KioskConfig;
beforeEach(async () => {
  const db = getDb();
  await Promise.all([db.outbox.clear(), db.kiosk.clear()]);
  config = await installKiosk({ token: TOKEN, expires_at: '2031-01-02T00:00:00Z', package: pkg, salt: 'c2FsdHNhbHQ', hashes: [], public_key: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' } }, 'demo1234', 'en');
  await db.outbox.bulkAdd([row(), row(), row()]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPanel(locale: UiLocale): Promise<void> {
  renderPage(<KioskHrPanel config={config} onClose={() => undefined} />, { locale, ns: ['kiosk', 'common'] });
  fireEvent.change(screen.getByLabelText(locale === 'en' ? enTexts.hr.password : hrTexts.hr.password), { target: { value: 'demo1234' } });
  fireEvent.click(screen.getByRole('button', { name: locale === 'en' ? enTexts.hr.open : hrTexts.hr.open }));
  await screen.findByTestId('kiosk-hr-panel');
}

describe('kiosk HR panel: responses of a disabled company', () => {
  it('keeps them on the kiosk and tells HR why, in the kiosk language', async () => {
    stubApi({
      'POST /api/responses': (call) => json(200, { data: { results: items(call).map((i) => ({ id: i.id, status: 'deferred', code: 'company-disabled' })) } }),
      '*': () => json(404, { error: { code: 'not-found', message: 'Not found' } }),
    });
    expect(await getSyncEngine().syncNow({ all: true })).toMatchObject({ sent: 0, rejected: 0, deferred: 3 });
    const rows = (await getDb().outbox.toArray()).map(normaliseOutbox);
    expect(rows.map((r) => r?.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await kioskQueue(config)).toEqual({ pending: 3, rejected: [], deferred: [{ code: 'company-disabled', count: 3 }] });

    await openPanel('en');
    await waitFor(() => expect(screen.getByTestId('kiosk-hr-deferred').textContent).toBe(enTexts.hr.deferredCompanyDisabled.replace('{{count}}', '3')));
    expect(screen.getByTestId('kiosk-hr-pending').textContent).toBe('3');
    // no raw 'deferred: company-disabled' as the last problem: the notice says it in words
    expect(screen.queryByText(/deferred:/)).toBeNull();
    cleanup();
    await openPanel('hr');
    await waitFor(() => expect(screen.getByTestId('kiosk-hr-deferred').textContent).toBe(hrTexts.hr.deferredCompanyDisabled.replace('{{count}}', '3')));
    expect(hrTexts.hr.deferredCompanyDisabled).toContain('onemogućen');
  });
});
