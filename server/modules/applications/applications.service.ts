/**
 * Survey applications: drafts (IZZ, PULS), submit rules, the lifecycle, the administrator's review,
 * access codes, the scheduled invitation/reminder/start/finish jobs and the manual reminder.
 * Every state change is a "move from X to Y" update, so a second request or job changes nothing.
 *
 * One service per use, over what they share (applications.core.ts): company (company.service.ts),
 * review (review.service.ts), access codes (access-codes.service.ts), PULS rounds (puls-rounds.service.ts) and jobs
 * (jobs.service.ts).
 */
import type { Scheduler } from '../../jobs/scheduler.js';
import { createAccessCodesService } from './access-codes.service.js';
import { createApplicationsCore, type ApplicationsDeps } from './applications.core.js';
import { createCompanyService } from './company.service.js';
import { createJobsService } from './jobs.service.js';
import { createPulsRoundsService } from './puls-rounds.service.js';
import { createReviewService } from './review.service.js';

export { JOB_KINDS, type Actor, type SendNow } from './applications.core.js';

export function createApplicationsService(deps: ApplicationsDeps) {
  const core = createApplicationsCore(deps);
  const jobs = createJobsService(core);
  return {
    company: createCompanyService(core),
    review: createReviewService(core),
    accessCodes: createAccessCodesService(core),
    pulsRounds: createPulsRoundsService(core),
    jobs,
    registerJobs: (scheduler: Scheduler): void => jobs.registerJobs(scheduler),
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
