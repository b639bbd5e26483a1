import enCommon from '../../shared/i18n/en/common.json';
import { describe, expect, it } from 'vitest';
import { ROUTE_IDS } from '../../shared/routes';

// Completeness across locales: shared/i18n/completeness.test.ts
describe('common.json shell texts', () => {
  it('names every route of the route table', () => {
    for (const id of ROUTE_IDS) expect(Object.keys(enCommon.nav)).toContain(id);
  });
});
