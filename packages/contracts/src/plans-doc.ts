/**
 * docs/plans.md, written from the capability table and the plan catalogue (`npm run docs:plans`); a server test (apps/server/src/plans-doc.test.ts)
 * fails when the file in the repository differs from what this renders, so the document never goes stale.
 */
import {
  CAPABILITIES,
  CurrencySchema,
  PLANS,
  PRODUCT_CAPABILITIES,
  PRODUCT_ORDER,
  RULE_OF_CAPABILITY,
  productTexts,
  type Capability,
  type Currency,
  type PlanDef,
  type Product,
} from './payment.ts';

const CAPABILITY_NAMES: Record<Capability, string> = {
  seeExpertise: 'See expertise, the three scores and their explanation',
  createProfiles: 'Create profiles',
  pairChecks: 'Pair checks',
  teams: 'Create teams',
  teamCheck: 'Team check',
  simulator: "Manager's simulator",
  comparison: 'Team comparison',
  monitor: "Director's monitor",
};

const money = (minor: number, currency: Currency) =>
  currency === 'RUB' ? `${(minor / 100).toLocaleString('en-US').replace(/,/g, ' ')} ₽` : `$${(minor / 100).toFixed(2)}`;
const yes = (value: boolean) => (value ? 'yes' : '—');

function teamCaps(product: Product): string {
  const caps = [...new Set(PLANS.filter((plan) => plan.product === product).map((plan) => plan.teams))];
  if (!PRODUCT_CAPABILITIES[product].teams) return '—';
  if (caps.includes(null)) return 'no cap';
  return caps.sort((a, b) => (a ?? 0) - (b ?? 0)).join(', ');
}

function priceLine(plan: PlanDef): string {
  const cells = CurrencySchema.options.map((currency) => {
    const point = plan.prices[currency];
    return point.price === point.discountedPrice
      ? money(point.discountedPrice, currency)
      : `${money(point.discountedPrice, currency)} (list ${money(point.price, currency)})`;
  });
  const period = plan.period === 'demo' ? '3-day demo' : (plan.period ?? '—');
  return `| \`${plan.id}\` | ${productTexts[plan.product].en.title} | ${period} | ${plan.teams ?? 'no cap'} | ${plan.purchasable ? 'yes' : 'no'} | ${cells.join(' | ')} |`;
}

export function renderPlansDoc(): string {
  const header = `| capability | access rule | ${PRODUCT_ORDER.map((product) => productTexts[product].en.title).join(' | ')} |`;
  const rule = `|---|---|${PRODUCT_ORDER.map(() => '---').join('|')}|`;
  const rows = CAPABILITIES.map((capability) => {
    const flag = RULE_OF_CAPABILITY[capability];
    const shown = flag === 'hideExpertise' ? '`hideExpertise` (inverted)' : `\`${flag}\``;
    return `| ${CAPABILITY_NAMES[capability]} | ${shown} | ${PRODUCT_ORDER.map((product) => yes(PRODUCT_CAPABILITIES[product][capability])).join(' | ')} |`;
  });
  const extra = [
    `| Teams at most | \`teamCap\` | ${PRODUCT_ORDER.map(teamCaps).join(' | ')} |`,
    `| Profiles at most | \`profileCap\` | ${PRODUCT_ORDER.map((product) => PRODUCT_CAPABILITIES[product].profileCap ?? 'no cap').join(' | ')} |`,
    `| People per team at most | \`teamSize\` | ${PRODUCT_ORDER.map((product) => PRODUCT_CAPABILITIES[product].teamSize.toLocaleString('en-US')).join(' | ')} |`,
    `| Love report unlock, per pair | — | ${PRODUCT_ORDER.map((product) => CurrencySchema.options.map((currency) => money(PRODUCT_CAPABILITIES[product].loveUnlockPrice[currency], currency)).join(' / ')).join(' | ')} |`,
    `| Seats (owners at once) | — | ${PRODUCT_ORDER.map((product) => PRODUCT_CAPABILITIES[product].seats ?? 'no limit').join(' | ')} |`,
    `| Sold | — | ${PRODUCT_ORDER.map((product) => yes(PRODUCT_CAPABILITIES[product].sold)).join(' | ')} |`,
  ];
  const notes = PRODUCT_ORDER.filter((product) => PRODUCT_CAPABILITIES[product].note).map(
    (product) => `- **${productTexts[product].en.title}**: ${PRODUCT_CAPABILITIES[product].note!.en}`,
  );
  return [
    '# Plans and what each one gives',
    '',
    '<!-- Generated from packages/contracts/src/payment.ts (PRODUCT_CAPABILITIES, PLANS) by `npm run docs:plans`. Do not edit by hand: apps/server/src/plans-doc.test.ts fails when this file is stale. -->',
    '',
    'One table states what a plan allows: `PRODUCT_CAPABILITIES` in `packages/contracts/src/payment.ts`. The server derives the access rules from it (`rulesOfPlan`) and enforces them on every route; the plan comparison screen, the plans dialog and this page are drawn from it.',
    '',
    '## Capabilities per product',
    '',
    header,
    rule,
    ...rows,
    ...extra,
    '',
    'What the rules mean on the server:',
    '',
    "- Without **See expertise** the grade, the three scores (K/P/L) and their explanation are withheld by the server: profile list, card and page (`expertise`, `scores` null, `expertiseHidden: true`), `GET /api/owner/profiles/{id}/explanation` (403 `subscription_required`), pair results (each person's `competences` null, `explanation` empty, `expertiseHidden: true`; a shared result is frozen from that), team summaries and the pick list's grade. The websocket pushes carry run states and counts only, never scores.",
    "- **Team check** versus **Manager's simulator**: a team whose people all start (or join) on day 0 and whose interaction settings start on day 0, with at most 4 people, is a team check (`allowTeams`): creating, saving, fixing, running and reading its dataset. Any other event (dismiss, rejoin, manager or lead joins and ranks, a join on another day), an interaction that changes later, or more than 4 people make it a simulation (`usesSimulator` in `packages/contracts/src/scenes.ts`), which needs `allowScene` for every write and run; so does the sandbox. Deleting a team is always allowed.",
    "- Errors: a missing capability answers 403 `subscription_required`; an unverified owner gets 403 `verify_account` on team, simulator and comparison calls; the team cap 403 `team_limit_reached` (counted under the owner's advisory lock); a team of more people than the plan's `teamSize` 403 `team_too_large`; a seat-limited product whose seats are all taken 409 `plan_seats_taken` (counted under the product's advisory lock).",
    '',
    'Notes:',
    '',
    ...notes,
    '',
    '## Plans and prices',
    '',
    'Weekly prices are charged each week; a monthly list price is four weekly charges, and the monthly charge is lower. Prices are in rubles for Russian and in dollars otherwise.',
    '',
    `| plan id | product | period | teams | sold | ${CurrencySchema.options.join(' | ')} |`,
    `|---|---|---|---|---|${CurrencySchema.options.map(() => '---').join('|')}|`,
    ...PLANS.map(priceLine),
    '',
  ].join('\n');
}
