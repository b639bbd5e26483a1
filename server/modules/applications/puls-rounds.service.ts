/**
 * The administrator's control of a PULS survey's rounds (the rounds themselves: puls-rounds.ts): ending the open
 * round early, audited like every admin action. Only the administrator: a survey is closed by the administrator,
 * never by the company (product decision "finished on the end date or when the administrator closes it").
 */
import type { ApplicationState, PulsRoundEnded } from '../../../shared/schemas/application.js';
import { AppError } from '../../errors.js';
import type { Actor, ApplicationsCore } from './applications.core.js';

export function createPulsRoundsService(core: ApplicationsCore) {
  const { db, audit, byId, pulsRounds } = core;
  return {
    /**
     * Ends round `number` of a PULS survey now: it closes as at its end (its report becomes available, its unused
     * codes stop working), the next round keeps its schedule; ending the last round finishes the survey.
     * 404 for an unknown or IZZ survey, 409 invalid-state when that round is not open. Returns the rounds after it.
     */
    async endRound(actor: Actor, id: number, number: number): Promise<PulsRoundEnded> {
      const row = await byId(id);
      if (row.type !== 'puls') throw new AppError('not-found');
      await db.transaction(async () => {
        const { finished } = await pulsRounds.endEarly(row.id, number);
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.end-round', targetType: 'application', targetId: id, details: { round: number, finished } });
      });
      const after = await byId(row.id);
      return { state: after.state as ApplicationState, rounds: await pulsRounds.list(row.id, after.state) };
    },
  };
}
export type PulsRoundsService = ReturnType<typeof createPulsRoundsService>;
