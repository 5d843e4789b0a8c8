import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTeam } from './check-team.ts';
import { arbSpecialist, specialist } from './test-support/specialists.ts';
import { CONFLICT_TEAM, HARMONIOUS_TEAM } from './test-support/teams.ts';

describe('checkTeam', () => {
  it('takes 2 to 4 specialists', () => {
    const s = HARMONIOUS_TEAM.specialists;
    expect(() => checkTeam(s.slice(0, 1))).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => checkTeam(s.slice(0, 5))).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(checkTeam(s.slice(0, 2)).members).toHaveLength(2);
    expect(checkTeam(s.slice(0, 4)).pairs).toHaveLength(6);
  });

  it('prefers the harmonious four to the conflicted four', () => {
    const h = checkTeam(HARMONIOUS_TEAM.specialists.slice(1));
    const c = checkTeam(CONFLICT_TEAM.specialists.slice(1));
    expect(h.summary.cohesion).toBeGreaterThan(c.summary.cohesion);
    expect(h.summary.microclimate).toBeGreaterThan(20);
    expect(c.summary.microclimate).toBeLessThan(-20);
    expect(h.summary.teamingEffect).toBeGreaterThan(c.summary.teamingEffect);
    expect(h.summary.managerSuitability).toBeNull();
  });

  it('does not depend on the order the members are listed in (beyond rounding)', () => {
    fc.assert(
      fc.property(fc.tuple(arbSpecialist('x'), arbSpecialist('y'), arbSpecialist('z')), (team) => {
        const a = checkTeam(team).summary;
        const b = checkTeam([team[2], team[0], team[1]]).summary;
        for (const key of ['basePower', 'cohesion', 'microclimate', 'performance', 'teamingEffect'] as const) {
          expect(b[key]).toBeCloseTo(a[key], 2);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('settles a remote team more slowly than the same team in the office', () => {
    const team = [specialist('a', 70, 70, 70), specialist('b', 60, 60, 60)];
    const office = checkTeam(team);
    const remote = checkTeam(team, { mode: 1 });
    expect(remote.members[0]!.integration).toBeLessThanOrEqual(office.members[0]!.integration + 1e-3);
  });
});
