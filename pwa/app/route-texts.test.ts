import { describe, expect, it } from 'vitest';
import { ROUTE_IDS } from '../../shared/routes';
import { ALL_NAMESPACES } from '../i18n';
import { routeNamespaces } from './route-texts';

describe('routeNamespaces', () => {
  it('names only namespaces that exist (loadNamespaces drops an unknown one without a word)', () => {
    for (const id of ROUTE_IDS) for (const ns of routeNamespaces(id)) expect(ALL_NAMESPACES, `${id}: ${ns}`).toContain(ns);
  });

  it('loads the texts of what a survey page embeds before it renders: the report, kiosk and paper-entry links', () => {
    expect(routeNamespaces('profileIzzDetail')).toEqual(expect.arrayContaining(['applications', 'reports', 'kiosk', 'paper-entry']));
    expect(routeNamespaces('profilePulsDetail')).toEqual(expect.arrayContaining(['applications', 'reports', 'kiosk']));
  });

  it("gives a public page none of the signed-in areas' texts", () => {
    expect(routeNamespaces('home')).toEqual([]);
    expect(routeNamespaces('questionnaire')).toEqual(['questionnaire']);
    expect(routeNamespaces('employeeResults')).toEqual(['actions']);
  });
});
