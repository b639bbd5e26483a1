/**
 * A disabled company's paper forms at sync: the server answers each 'deferred' with the reason
 * 'company-disabled'. The app's real sync engine keeps the forms on the device (pending, not refused, nothing to
 * remove) and the queue panel tells HR why in the page's language; once the company is enabled they are sent.
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enTexts from '../../../shared/i18n/en/paper-entry.json';
import slTexts from '../../../shared/i18n/sl/paper-entry.json';
import { getDb, normaliseOutbox, type OutboxRow } from '../../db/db';
import { formatDateTime } from '../../lib/dates';
import { getSyncEngine } from '../../sync/app-engine';
import { json, renderPage, stubApi, type ApiCall } from '../../test/render';
import { paperSurveyKey } from './entry-store';
import { QueuePanel } from './queue-panel';

const row = (code: string): OutboxRow => ({
  id: crypto.randomUUID(),
  token: 'paper.entry.token',
  answers: { code, answers: { language: 'sl' } },
  created_at: Date.now(),
  status: 'pending',
  attempts: 0,
  next_attempt_at: 0,
  last_error: null,
  reject_code: null,
  survey_id: paperSurveyKey(7),
});
const items = (call: ApiCall) => (call.body as { items: { id: string }[] }).items;
const rows = async () => (await getDb().outbox.toArray()).map(normaliseOutbox).filter((r): r is OutboxRow => r !== null);

beforeEach(async () => {
  await getDb().outbox.clear();
  await getDb().outbox.bulkAdd([row('AAAAABBBBB'), row('CCCCCDDDDD')]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('paper entry queue: forms of a disabled company', () => {
  it('keeps them on the device with the reason in the page language, and sends them once the company is enabled', async () => {
    let enabled = false;
    const api = stubApi({
      'POST /api/responses': (call) =>
        json(200, { data: { results: items(call).map((i) => (enabled ? { id: i.id, status: 'applied' } : { id: i.id, status: 'deferred', code: 'company-disabled' })) } }),
    });
    const report = await getSyncEngine().syncNow();
    expect(report).toMatchObject({ sent: 0, rejected: 0, deferred: 2 });
    // kept: still pending, with the server's reason; nothing refused, so nothing for HR to remove
    expect((await rows()).map((r) => [r.status, r.defer_code])).toEqual([
      ['pending', 'company-disabled'],
      ['pending', 'company-disabled'],
    ]);
    // a plain run before the retry time sends nothing again
    await getSyncEngine().syncNow();
    expect(api.calls).toHaveLength(1);

    renderPage(<QueuePanel surveyId="7" />, { locale: 'en', ns: ['paper-entry', 'common'] });
    expect((await screen.findByTestId('pe-deferred')).textContent).toBe(enTexts.queue.deferredCompanyDisabled.replace('{{count}}', '2'));
    expect(screen.getByTestId('pe-pending').textContent).toBe('2 forms waiting to be sent');
    expect(screen.queryByTestId('pe-rejected')).toBeNull();
    cleanup();
    renderPage(<QueuePanel surveyId="7" />, { locale: 'sl', ns: ['paper-entry', 'common'] });
    expect((await screen.findByTestId('pe-deferred')).textContent).toBe(slTexts.queue.deferredCompanyDisabled.replace('{{count}}', '2'));
    expect(slTexts.queue.deferredCompanyDisabled).toContain('onemogočen');
    cleanup();

    // The administrator enables the company; 'Send now' sends the kept forms.
    enabled = true;
    expect(await getSyncEngine().syncNow({ all: true })).toMatchObject({ sent: 2, deferred: 0 });
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    renderPage(<QueuePanel surveyId="7" />, { locale: 'en', ns: ['paper-entry', 'common'] });
    await waitFor(() => expect(screen.getByTestId('pe-sent').textContent).toBe('2 sent'));
    expect(screen.queryByTestId('pe-deferred')).toBeNull();
  });

  it('keeps them on the device while the token is over its guessing budget (429), and says until when', async () => {
    stubApi({ 'POST /api/responses': () => new Response(JSON.stringify({ error: { code: 'rate-limited', message: 'Too many attempts.' } }), { status: 429, headers: { 'Retry-After': '21600' } }) });
    const before = Date.now();
    expect(await getSyncEngine().syncNow({ all: true })).toMatchObject({ sent: 0, rejected: 0, retried: 2 });
    const kept = await rows();
    expect(kept.map((r) => r.status)).toEqual(['pending', 'pending']);
    const until = Math.min(...kept.map((r) => r.next_attempt_at));
    expect(until).toBeGreaterThanOrEqual(before + 21_600_000);
    renderPage(<QueuePanel surveyId="7" />, { locale: 'en', ns: ['paper-entry', 'common'] });
    await waitFor(() => expect(screen.getByTestId('pe-held').textContent).toBe(enTexts.queue.held.replace('{{time}}', formatDateTime(new Date(until)))));
    expect(screen.queryByTestId('pe-rejected')).toBeNull();
  });
});
