/** The access codes of an approved survey: the downloads' data (codes, paper forms; applications/renderers.ts) and the administrator's reissue. */
import { formatAccessCode } from '../../../shared/access-codes.js';
import type { QuestionLanguageCode } from '../../../shared/locales.js';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import type { IzzApplicationDraft } from '../../../shared/schemas/application.js';
import { AppError } from '../../errors.js';
import { fieldError } from '../../../shared/errors/field-messages.js';
import { displayDate } from '../../lib/time.js';
import { JOB_KINDS, type Actor, type ApplicationsCore } from './applications.core.js';

export function createAccessCodesService(core: ApplicationsCore) {
  const { db, repo, audit, now, scheduler, parseDraft, detailsOf, owned, byId, scheduleOf, questionnaireUrl, insertCodes, scheduleJobs, pulsRounds } = core;
  return {
    /** Live codes of an approved (or later) survey, for the downloads (applications/renderers.ts); origin: the questionnaire link's. */
    async codes(companyId: number | null, id: number, origin: string) {
      const row = await (companyId === null ? byId(id) : owned(companyId, id));
      if (!['approved', 'in_progress', 'finished'].includes(row.state)) throw new AppError('invalid-state');
      const d = detailsOf(row);
      const emails = new Map((await repo.emails(row.id)).map((e) => [e.id, e]));
      const company = await repo.companyOf(row.company_id);
      const language = d.languages?.[0] ?? 'en';
      // PULS: the codes are the active round's, so is their last day.
      const endDate = row.type === 'puls' ? ((await pulsRounds.activeClosesOn(row.id)) ?? d.end_date) : d.end_date;
      return {
        surveyId: row.id,
        type: row.type,
        companyName: company?.name ?? '',
        surveyName: d.name ?? '',
        endDate: endDate ? displayDate(endDate) : undefined,
        language,
        questionnaireUrl: questionnaireUrl(row.type, language, origin),
        codes: (row.type === 'puls' ? await pulsRounds.activeCodes(row.id) : await repo.liveCodes(row.id)).map((c) => {
          const e = c.respondent_email_id === null ? undefined : emails.get(c.respondent_email_id);
          return { code: c.code, formatted: formatAccessCode(c.code), channel: c.channel, email: e?.email ?? '', language: e?.language ?? '', max_uses: c.max_uses, uses: c.uses };
        }),
      };
    },
    /**
     * What the paper forms of an IZZ offline/combined survey need (companyId null: the administrator, audited):
     * the package, the logo (PNG/JPEG only), and the live paper codes not yet used, in issue order.
     * language: one of the survey's languages (default its first); anything else is 422. origin: the questionnaire link's.
     */
    async paperForms(companyId: number | null, id: number, origin: string, language?: string, actor?: Actor) {
      const row = await (companyId === null ? byId(id) : owned(companyId, id));
      if (actor) await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.paper-forms', targetType: 'application', targetId: id });
      if (row.type !== 'izz' || !['approved', 'in_progress'].includes(row.state)) throw new AppError('invalid-state');
      const draft = parseDraft(row) as IzzApplicationDraft;
      const d = draft.details;
      if (d.collection !== 'offline' && d.collection !== 'combined') throw new AppError('invalid-state');
      const languages = d.languages && d.languages.length > 0 ? d.languages : (['en'] as QuestionLanguageCode[]);
      const chosen = (language ?? languages[0]) as QuestionLanguageCode;
      if (!languages.includes(chosen)) {
        throw new AppError('validation-failed', { details: [{ location: 'query', path: 'language', code: 'not-offered', message: fieldError('language-not-offered') }] });
      }
      const company = await repo.companyLogo(row.company_id);
      const asset = company?.logo;
      const logoType = asset?.content_type === 'image/png' ? 'png' : asset?.content_type === 'image/jpeg' ? 'jpeg' : null;
      const codes = (await repo.liveCodes(row.id)).filter((c) => c.channel === 'paper' && c.uses < c.max_uses);
      return {
        surveyId: row.id,
        language: chosen,
        languages,
        companyName: company?.name ?? '',
        logo: asset && logoType ? { bytes: new Uint8Array(asset.bytes), type: logoType as 'png' | 'jpeg' } : undefined,
        surveyName: d.name ?? '',
        endDate: d.end_date ? displayDate(d.end_date) : undefined,
        package: {
          statement_ids: STATEMENTS.map((s) => s.id),
          demographic_ids: draft.demographics.questions,
          departments: draft.demographics.departments,
          locations: draft.demographics.locations,
          extra_questions: draft.extra_questions,
        },
        questionnaireUrl: questionnaireUrl(row.type, chosen, origin),
        codes: codes.map((c) => c.code),
      };
    },
    async reissueCodes(actor: Actor, id: number, origin: string): Promise<{ online: number; offline: number }> {
      const row = await byId(id);
      if (row.state !== 'approved' && row.state !== 'in_progress') throw new AppError('invalid-state');
      const at = now().toISOString();
      const { batch, online, offline } = await db.transaction(async () => {
        const revoked = await repo.revokeUnused(row.id, at);
        const b = await repo.nextBatch(row.id);
        const onl = revoked.filter((c) => c.channel === 'online');
        const pap = revoked.filter((c) => c.channel === 'paper');
        await insertCodes(row.id, b, 'online', onl.map((c) => ({ emailId: c.respondent_email_id, maxUses: Math.max(1, c.max_uses - c.uses) })), at);
        await insertCodes(row.id, b, 'paper', pap.map(() => ({ emailId: null, maxUses: 1 })), at);
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.reissue-codes', targetType: 'application', targetId: id, details: { online: onl.length, offline: pap.length } });
        return { batch: b, online: onl.length, offline: pap.length };
      });
      // Invitations with the new codes: at the planned time, or at once when it has passed.
      if (row.type === 'puls') {
        await pulsRounds.afterReissue(row, batch, origin);
        return { online, offline };
      }
      const s = scheduleOf(row);
      const t = now();
      await scheduler?.cancel({ kind: JOB_KINDS.invite, payload: { surveyId: row.id } });
      await scheduleJobs(row, batch, origin, s.invitation.getTime() > t.getTime() ? s.invitation : t);
      return { online, offline };
    },
  };
}
export type AccessCodesService = ReturnType<typeof createAccessCodesService>;
