/** SQL of focus areas, actions, their notes, the results pages and the PULS follow-ups (migration 0017). */
import type { Db } from '../../db/connection.js';

export interface FocusAreaRow {
  id: number;
  survey_id: number;
  kind: 'category' | 'statement';
  item_id: string;
  position: number;
  created_at: string;
}

export interface ActionRow {
  id: number;
  focus_area_id: number;
  title: string;
  description: string;
  owner: string;
  due_on: string;
  status: 'planned' | 'in_progress' | 'done';
  created_at: string;
  updated_at: string;
}

export interface NoteRow {
  id: number;
  action_id: number;
  noted_on: string;
  text: string;
  created_at: string;
}

export interface ResultsPageRow {
  survey_id: number;
  token: string;
  message: string;
  published_at: string | null;
  updated_at: string;
}

export interface PulseRow {
  focus_area_id: number;
  application_id: number;
  state: string;
  draft: string;
}

export interface ReminderActionRow extends ActionRow {
  survey_id: number;
  company_id: number;
  kind: 'category' | 'statement';
  item_id: string;
  survey_draft: string;
}

export interface RecipientRow {
  email: string;
  locale: string;
}

const ACTION_COLUMNS = 'x.id, x.focus_area_id, x.title, x.description, x.owner, x.due_on, x.status, x.created_at, x.updated_at';

export function createActionsRepo(db: Db) {
  return {
    async focusAreas(surveyId: number): Promise<FocusAreaRow[]> {
      return await db.all<FocusAreaRow>('SELECT id, survey_id, kind, item_id, position, created_at FROM focus_areas WHERE survey_id = ? ORDER BY position, id', [surveyId]);
    },

    async findFocusArea(surveyId: number, areaId: number): Promise<FocusAreaRow | undefined> {
      return await db.get<FocusAreaRow>('SELECT id, survey_id, kind, item_id, position, created_at FROM focus_areas WHERE survey_id = ? AND id = ?', [surveyId, areaId]);
    },

    async findFocusAreaById(areaId: number): Promise<(FocusAreaRow & { company_id: number }) | undefined> {
      return await db.get<FocusAreaRow & { company_id: number }>(
        'SELECT f.id, f.survey_id, f.kind, f.item_id, f.position, f.created_at, a.company_id FROM focus_areas f JOIN applications a ON a.id = f.survey_id WHERE f.id = ?',
        [areaId],
      );
    },

    async insertFocusArea(row: { surveyId: number; kind: string; itemId: string; now: string }): Promise<number> {
      const next = (await db.get<{ p: number | null }>('SELECT max(position) AS p FROM focus_areas WHERE survey_id = ?', [row.surveyId]))?.p ?? 0;
      return await db.insert('INSERT INTO focus_areas (survey_id, kind, item_id, position, created_at) VALUES (?, ?, ?, ?, ?)', [row.surveyId, row.kind, row.itemId, next + 1, row.now]);
    },

    async deleteFocusArea(surveyId: number, areaId: number): Promise<boolean> {
      return (await db.run('DELETE FROM focus_areas WHERE survey_id = ? AND id = ?', [surveyId, areaId])).changes > 0;
    },

    async actions(surveyId: number): Promise<ActionRow[]> {
      return await db.all<ActionRow>(
        `SELECT ${ACTION_COLUMNS} FROM focus_actions x JOIN focus_areas f ON f.id = x.focus_area_id WHERE f.survey_id = ? ORDER BY x.due_on, x.id`,
        [surveyId],
      );
    },

    async findAction(surveyId: number, actionId: number): Promise<ActionRow | undefined> {
      return await db.get<ActionRow>(`SELECT ${ACTION_COLUMNS} FROM focus_actions x JOIN focus_areas f ON f.id = x.focus_area_id WHERE f.survey_id = ? AND x.id = ?`, [surveyId, actionId]);
    },

    async insertAction(row: { areaId: number; title: string; description: string; owner: string; dueOn: string; status: string; now: string }): Promise<number> {
      return await db.insert(
        'INSERT INTO focus_actions (focus_area_id, title, description, owner, due_on, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [row.areaId, row.title, row.description, row.owner, row.dueOn, row.status, row.now, row.now],
      );
    },

    async updateAction(actionId: number, row: { title: string; description: string; owner: string; dueOn: string; status: string; now: string }): Promise<void> {
      await db.run('UPDATE focus_actions SET title = ?, description = ?, owner = ?, due_on = ?, status = ?, updated_at = ? WHERE id = ?', [
        row.title,
        row.description,
        row.owner,
        row.dueOn,
        row.status,
        row.now,
        actionId,
      ]);
    },

    async deleteAction(actionId: number): Promise<void> {
      await db.run('DELETE FROM focus_actions WHERE id = ?', [actionId]);
    },

    async notes(surveyId: number): Promise<NoteRow[]> {
      return await db.all<NoteRow>(
        `SELECT n.id, n.action_id, n.noted_on, n.text, n.created_at FROM focus_action_notes n
         JOIN focus_actions x ON x.id = n.action_id JOIN focus_areas f ON f.id = x.focus_area_id
         WHERE f.survey_id = ? ORDER BY n.noted_on DESC, n.id DESC`,
        [surveyId],
      );
    },

    async insertNote(row: { actionId: number; notedOn: string; text: string; now: string }): Promise<number> {
      return await db.insert('INSERT INTO focus_action_notes (action_id, noted_on, text, created_at) VALUES (?, ?, ?, ?)', [row.actionId, row.notedOn, row.text, row.now]);
    },

    async resultsPage(surveyId: number): Promise<ResultsPageRow | undefined> {
      return await db.get<ResultsPageRow>('SELECT survey_id, token, message, published_at, updated_at FROM results_pages WHERE survey_id = ?', [surveyId]);
    },

    async resultsPageByToken(token: string): Promise<(ResultsPageRow & { company_id: number }) | undefined> {
      return await db.get<ResultsPageRow & { company_id: number }>(
        // A disabled company's page is gone with it (its users cannot sign in to unpublish it).
        `SELECT r.survey_id, r.token, r.message, r.published_at, r.updated_at, a.company_id FROM results_pages r
         JOIN applications a ON a.id = r.survey_id JOIN companies c ON c.id = a.company_id WHERE r.token = ? AND c.disabled_at IS NULL`,
        [token],
      );
    },

    /** Creates the page with its token, or changes its message (the token never changes). */
    async saveResultsPage(row: { surveyId: number; token: string; message: string; now: string }): Promise<void> {
      await db.run(
        `INSERT INTO results_pages (survey_id, token, message, published_at, updated_at) VALUES (?, ?, ?, NULL, ?)
         ON CONFLICT (survey_id) DO UPDATE SET message = excluded.message, updated_at = excluded.updated_at`,
        [row.surveyId, row.token, row.message, row.now],
      );
    },

    async setPublished(surveyId: number, publishedAt: string | null, now: string): Promise<void> {
      await db.run('UPDATE results_pages SET published_at = ?, updated_at = ? WHERE survey_id = ?', [publishedAt, now, surveyId]);
    },

    async pulses(surveyId: number): Promise<PulseRow[]> {
      return await db.all<PulseRow>(
        `SELECT p.focus_area_id, p.application_id, a.state, a.draft FROM focus_area_pulses p
         JOIN focus_areas f ON f.id = p.focus_area_id JOIN applications a ON a.id = p.application_id
         WHERE f.survey_id = ? ORDER BY p.application_id`,
        [surveyId],
      );
    },

    async linkPulse(applicationId: number, areaId: number): Promise<void> {
      await db.run('INSERT INTO focus_area_pulses (application_id, focus_area_id) VALUES (?, ?) ON CONFLICT (application_id) DO NOTHING', [applicationId, areaId]);
    },

    /** The focus area a PULS application follows up, with its survey (null when it was not made from one). */
    async pulseFocusArea(applicationId: number): Promise<FocusAreaRow | undefined> {
      return await db.get<FocusAreaRow>(
        `SELECT f.id, f.survey_id, f.kind, f.item_id, f.position, f.created_at FROM focus_area_pulses p JOIN focus_areas f ON f.id = p.focus_area_id WHERE p.application_id = ?`,
        [applicationId],
      );
    },

    async applicationOwner(applicationId: number): Promise<{ company_id: number; type: string; draft: string } | undefined> {
      return await db.get<{ company_id: number; type: string; draft: string }>('SELECT company_id, type, draft FROM applications WHERE id = ?', [applicationId]);
    },

    /** An action with its focus area and survey (the reminder job). */
    async reminderAction(actionId: number): Promise<ReminderActionRow | undefined> {
      return await db.get<ReminderActionRow>(
        `SELECT ${ACTION_COLUMNS}, f.survey_id, f.kind, f.item_id, a.company_id, a.draft AS survey_draft
         FROM focus_actions x JOIN focus_areas f ON f.id = x.focus_area_id JOIN applications a ON a.id = f.survey_id WHERE x.id = ?`,
        [actionId],
      );
    },

    /** The company's users who receive company mail (enabled, confirmed). */
    async recipients(companyId: number): Promise<RecipientRow[]> {
      return await db.all<RecipientRow>(
        `SELECT u.email, u.locale FROM users u JOIN companies c ON c.id = u.company_id
         WHERE u.company_id = ? AND u.disabled_at IS NULL AND c.disabled_at IS NULL AND u.email_verified_at IS NOT NULL AND u.scope LIKE '%"company"%'
         ORDER BY u.id`,
        [companyId],
      );
    },
  };
}
export type ActionsRepo = ReturnType<typeof createActionsRepo>;
