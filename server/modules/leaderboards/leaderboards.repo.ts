import type { Db } from '../../db/connection.js';

export function createLeaderboardsRepo(db: Db) {
  return {
    /** Years whose award results are published, newest first. */
    async findPublishedYears(): Promise<number[]> {
      return (await db.all<{ year: number }>('SELECT year FROM award_years WHERE published_at IS NOT NULL ORDER BY year DESC')).map((r) => r.year);
    },

    /** Whether the year's award results are published (a winners page exists). */
    async isPublishedYear(year: number): Promise<boolean> {
      return (await db.get<{ year: number }>('SELECT year FROM award_years WHERE year = ? AND published_at IS NOT NULL', [year])) !== undefined;
    },
  };
}
