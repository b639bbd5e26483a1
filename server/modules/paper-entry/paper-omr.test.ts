/**
 * A paper form read by the machine goes through the keying's path: the filled form of the demo survey (omr/sample.ts,
 * printed with the survey's page marks) is rasterised and read (omr/reader.ts), its pages grouped into the form and
 * its doubtful marks answered as HR would (pwa/features/paper-entry/scan-batch.ts), turned into the keying's
 * submission (keying.ts toSubmission) and sent as a paper item to POST /api/responses with the entry token — the same
 * endpoint, validation and idempotency as a keyed form: the same item twice stores one response, and the same form
 * sent again as a new item is refused because its code is used.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMultiChoice, paperFormItems, paperFormLayout } from '../../../shared/paper-form.js';
import { normalizeAccessCode } from '../../../shared/access-codes.js';
import { pdfPages } from '../../../omr/raster-node.js';
import { readPage } from '../../../omr/reader.js';
import { fillForms, type TruthValue } from '../../../omr/sample.js';
import { entryItems, toSubmission, type EntryItem, type ItemValue } from '../../../pwa/features/paper-entry/keying.js';
import { decisionKey, formReady, groupPages, resolvedValues, type Decisions, type ScannedPage } from '../../../pwa/features/paper-entry/scan-batch.js';
import { call, demoSessionCookie, demoSurveyAndForeignCopy, json, postResponses, startTestServer, type TestServer } from '../../test/helpers.js';
import type { PaperEntryPackage } from './paper-entry.service.js';

/** The paper's answer as HR keys it (options by index, nothing marked: 'no answer on paper' or left blank). */
function asKeyed(item: EntryItem, v: TruthValue): ItemValue | undefined {
  if (v === null) return item.required ? { blank: true } : undefined;
  if ((item.kind === 'demographic' || item.kind === 'department' || item.kind === 'location') && typeof v === 'string') return item.options.indexOf(v);
  return v as ItemValue;
}

describe('a machine-read paper form through the keying path', () => {
  let t: TestServer;
  let surveyId: number;
  let cookie: string;
  const code = 'PPRCCCCCC3';
  const paperCount = async () => (await t.handle.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM responses WHERE survey_id = ? AND channel = 'paper'", [surveyId]))?.n ?? 0;

  beforeAll(async () => {
    t = await startTestServer();
    cookie = await demoSessionCookie(t.handle);
    ({ demoSurveyId: surveyId } = await demoSurveyAndForeignCopy(t, '2026-01-01T00:00:00Z'));
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, 'paper', 1, 1, '2026-01-01T00:00:00Z')", [surveyId, code]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads, submits once as paper with the answers on the paper; a replay is a duplicate, the same form again is refused', async () => {
    const res = await call(t, 'GET', `/api/paper-entry/surveys/${String(surveyId)}?lang=en`, { cookie });
    expect(res.status).toBe(200);
    const entry = (await json<{ data: PaperEntryPackage }>(res)).data;
    const pkg = entry.package;
    const { pdf, truth } = await fillForms(
      {
        companyName: 'Demo',
        surveyName: 'Demo',
        language: 'sl',
        package: { statement_ids: pkg.statement_ids, demographic_ids: pkg.demographic_ids, departments: pkg.departments, locations: pkg.locations, extra_questions: pkg.extra_questions },
        questionnaireUrl: 'https://izz.example.com/vprasalnik',
        codes: [code],
        surveyId,
      },
      7,
    );

    // Read every page as the browser's worker does.
    const layout = paperFormLayout(pkg);
    const multi = new Set(paperFormItems(pkg).filter(isMultiChoice).map((i) => i.path));
    const pages: ScannedPage[] = [];
    let n = 0;
    for await (const img of pdfPages(pdf, 150)) {
      const r = readPage(img, { layoutFor: () => layout, isMulti: (p) => multi.has(p) });
      pages.push({ id: `p${String(++n)}`, source: `forms.pdf, page ${String(n)}`, mark: r.mark, problem: r.problem, items: r.items });
    }
    const items = entryItems(pkg);
    const batch = groupPages(pages, { surveyId, layout, items, codeState: () => 'new' });
    expect(batch.unreadable).toEqual([]);
    expect(batch.foreign).toEqual([]);
    expect(batch.forms).toHaveLength(1);
    const [form] = batch.forms;
    expect(form!.code).toBe(normalizeAccessCode(code));
    expect(form!.missing).toEqual([]);

    // HR answers the doubtful marks from the paper; the written areas are left empty.
    const paper = new Map(truth.flatMap((p) => Object.entries(p.items)));
    const decisions: Decisions = {};
    for (const d of form!.doubts) decisions[decisionKey(form!.code, d.item.path)] = { value: asKeyed(d.item, paper.get(d.item.path) ?? null) };
    expect(formReady(form!, decisions)).toBe(true);
    const submission = toSubmission(items, resolvedValues(form!, decisions), 'sl');

    // The keying's item: the entry token, the code, the answers and 'no answer on paper'.
    const before = await paperCount();
    const item = { id: randomUUID(), token: entry.token, answers: { code: form!.code, ...submission } };
    expect((await postResponses(t, [item]))[0]).toMatchObject({ status: 'applied' });
    expect((await postResponses(t, [item]))[0]).toMatchObject({ status: 'duplicate' });
    expect((await postResponses(t, [{ ...item, id: randomUUID() }]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-used' });
    expect(await paperCount()).toBe(before + 1);

    const row = await t.handle.db.get<{ answers: string; channel: string }>('SELECT answers, channel FROM responses WHERE id = ?', [item.id]);
    expect(row?.channel).toBe('paper');
    const stored = JSON.parse(row!.answers) as { statements: Record<string, number> };
    const want = Object.fromEntries([...paper].filter(([k, v]) => k.startsWith('statements.') && v !== null).map(([k, v]) => [k.slice('statements.'.length), v]));
    expect(stored.statements).toEqual(want);
    expect(row!.answers).not.toContain(code);
  }, 120_000);
});
