import { describe, expect, it } from 'vitest';
import { CAPABILITIES, PLANS, PRODUCT_CAPABILITIES, PRODUCT_ORDER, RULE_OF_CAPABILITY, allows, rulesOfPlan, unlockingProduct } from './payment.ts';

describe('the capability table', () => {
  it('gives every plan the rules of its product, read through each capability’s access-rule flag', () => {
    for (const plan of PLANS) {
      const rules = rulesOfPlan(plan.id, true);
      for (const capability of CAPABILITIES) expect(allows(rules, capability), `${plan.id} ${capability}`).toBe(PRODUCT_CAPABILITIES[plan.product][capability]);
      expect(rules.teamCap).toBe(PRODUCT_CAPABILITIES[plan.product].teams ? plan.teams : 0);
      expect(plan.purchasable).toBe(PRODUCT_CAPABILITIES[plan.product].sold && plan.period !== null);
    }
    expect(Object.keys(RULE_OF_CAPABILITY).sort()).toEqual([...CAPABILITIES].sort());
    expect(new Set(PRODUCT_ORDER)).toEqual(new Set(Object.keys(PRODUCT_CAPABILITIES)));
  });

  it('never shows team results on a plan that hides expertise, and sells every capability, the monitor included', () => {
    for (const product of PRODUCT_ORDER) {
      const row = PRODUCT_CAPABILITIES[product];
      if (row.teamCheck || row.simulator || row.comparison) expect(row.seeExpertise, product).toBe(true);
      if (row.simulator) expect(row.teamCheck, product).toBe(true);
    }
    expect(unlockingProduct('seeExpertise')).toBe('basic');
    expect(unlockingProduct('teamCheck')).toBe('teams');
    expect(unlockingProduct('simulator')).toBe('simulator');
    expect(unlockingProduct('monitor')).toBe('monitor');
    expect(PLANS.find((plan) => plan.id === 'MONITOR_1M')).toMatchObject({ product: 'monitor', period: 'month', teams: null, purchasable: true });
    expect(PLANS.find((plan) => plan.id === 'FULL_120')?.product).toBe('bonus');
    expect(PRODUCT_CAPABILITIES.bonus.seats).toBeGreaterThan(0);
  });
});
