/** What became of each planned PULS round (pulsSchedule): ran, ended early (and on which day), running, not yet, did not run. */
import { describe, expect, it } from 'vitest';
import { pulsSchedule } from './reports.service.js';

const round = (number: number, state: string, closed_at: string | null = null, closes_on = `2030-0${String(number + 2)}-16`) => ({
  number,
  opens_on: `2030-0${String(number + 2)}-10`,
  closes_on,
  state,
  closed_at,
});

describe('pulsSchedule', () => {
  it('a running survey: a round closed by its job (late, after 23:59) ran; one closed before its last day ended early; the open one runs; the rest wait', () => {
    const schedule = pulsSchedule(
      [round(1, 'closed', '2030-03-16T22:59:30.000Z'), round(2, 'closed', '2030-04-12T10:00:00.000Z'), round(3, 'open'), round(4, 'pending')],
      { finished: false, finished_at: null },
      'Europe/Ljubljana',
    );
    expect(schedule).toEqual([
      { round: 1, start_date: '2030-03-10', end_date: '2030-03-16', outcome: 'ran', ended_on: null },
      { round: 2, start_date: '2030-04-10', end_date: '2030-04-16', outcome: 'ended-early', ended_on: '2030-04-12' },
      { round: 3, start_date: '2030-05-10', end_date: '2030-05-16', outcome: 'open', ended_on: null },
      { round: 4, start_date: '2030-06-10', end_date: '2030-06-16', outcome: 'pending', ended_on: null },
    ]);
  });

  it("a survey closed early: its pending rounds did not run; the day an early end happened is the platform zone's", () => {
    const schedule = pulsSchedule([round(1, 'closed', '2030-03-12T23:30:00.000Z'), round(2, 'pending'), round(3, 'pending')], { finished: true, finished_at: '2030-03-12T23:30:00.000Z' }, 'Europe/Ljubljana');
    // 23:30 UTC on 12 March is 00:30 on 13 March in Ljubljana.
    expect(schedule.map((s) => [s.round, s.outcome, s.ended_on])).toEqual([
      [1, 'ended-early', '2030-03-13'],
      [2, 'not-run', null],
      [3, 'not-run', null],
    ]);
  });

  it('a round left open by a close before this change ended with the survey', () => {
    const schedule = pulsSchedule([round(1, 'closed', '2030-03-16T22:59:00.000Z'), round(2, 'open'), round(3, 'pending')], { finished: true, finished_at: '2030-04-11T08:00:00.000Z' }, 'Europe/Ljubljana');
    expect(schedule.map((s) => [s.round, s.outcome, s.ended_on])).toEqual([
      [1, 'ran', null],
      [2, 'ended-early', '2030-04-11'],
      [3, 'not-run', null],
    ]);
  });
});
