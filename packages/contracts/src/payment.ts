import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { LocaleSchema, type Locale } from './locale.ts';

/*
 * Plans, prices and access rules (spec sections 1, 3, 4, 9): the one catalogue the server charges from and the
 * web app shows. Money is always an integer in minor units (kopecks, cents).
 */

/** Ruble for Russian, dollar otherwise (spec section 9). */
export const CurrencySchema = z.enum(['RUB', 'USD']);
export type Currency = z.infer<typeof CurrencySchema>;
export const currencyFor = (locale: Locale): Currency => (locale === 'ru' ? 'RUB' : 'USD');

/** What a plan unlocks. NONE hides expertise; UNLIMITED is granted (never sold) and has no team cap. */
export const PlanTierSchema = z.enum(['NONE', 'LITE', 'MID', 'FULL', 'UNLIMITED']);
export type PlanTier = z.infer<typeof PlanTierSchema>;

/** Product names shown to people (spec section 1). */
export const ProductSchema = z.enum(['none', 'bonus', 'basic', 'teams', 'monitor', 'simulator', 'simulatorPro']);
export type Product = z.infer<typeof ProductSchema>;

/** Billing period: weekly, monthly, or a 3-day demo that is free, taken once per owner and never renews. */
export const BillingPeriodSchema = z.enum(['week', 'month', 'demo']);
export type BillingPeriod = z.infer<typeof BillingPeriodSchema>;
export const DEMO_DAYS = 3;

export const PLAN_IDS = [
  'NONE',
  'UNLIMITED',
  'LITE_7D',
  'LITE_1M',
  'LITE_DEMO',
  'MID_7D_1',
  'MID_7D_2',
  'MID_7D_3',
  'MID_7D_4',
  'MID_1M_1',
  'MID_1M_2',
  'MID_1M_3',
  'MID_1M_4',
  'MID_DEMO',
  'FULL_7D_1',
  'FULL_7D_2',
  'FULL_7D_3',
  'FULL_7D_4',
  'FULL_1M_1',
  'FULL_1M_2',
  'FULL_1M_3',
  'FULL_1M_4',
  'FULL_DEMO',
  'FULL_120',
  'MONITOR_1M',
] as const;
export const PlanIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanIdSchema>;

/** A price in one currency: the list price and what is charged; discountPercent is computed from the two. */
export type PricePoint = { price: number; discountedPrice: number };

export type PlanDef = {
  id: PlanId;
  tier: PlanTier;
  product: Product;
  /** null for NONE and UNLIMITED, which are not billed. */
  period: BillingPeriod | null;
  /** Team cap; null means no cap. */
  teams: number | null;
  /** Whether an owner can buy it (NONE and UNLIMITED cannot). */
  purchasable: boolean;
  prices: Record<Currency, PricePoint>;
};

/**
 * THE capability table (issue 20): what each product sells, one row per product, one column per capability. The
 * server's access rules (`rulesOf`), every gated route, the plan comparison screen, the plans dialog and docs/plans.md
 * are derived from it; nothing else states what a plan allows. Adding a capability here without a rule in the server
 * and web matrix tests fails those suites.
 *
 * - seeExpertise: the grade (expertise), the three scores (K/P/L) and their explanation are shown; without it they
 *   are withheld by the server everywhere (profile list, card and page, explanation, pair and team results, the
 *   websocket pushes, shared results).
 * - createProfiles: create profiles; profileCap is their most (null: no cap; the spec states none for any plan).
 * - pairChecks: run pair compatibility checks (the professional report; love and friendship reports are unlocked
 *   per pair for loveUnlockPrice, whatever the plan).
 * - teams: create teams; the most per plan is that plan's `teams` in PLANS (1 to 4, null: no cap).
 * - teamCheck: the fast team check of a saved team: everyone starts together on day 0 and works with each other
 *   (events `start`/`join` on day 0 only, interaction settings from day 0). Run it, read its indicators.
 * - simulator: the manager's simulator: any other event (dismiss, rejoin, manager or lead joins and ranks, a join on
 *   another day) or interaction change over time, on a team or the sandbox. A team that uses one needs this to be
 *   saved or run.
 * - comparison: compare teams side by side.
 * - monitor: the director's monitor: monthly check-ins held against a team's or pair's forecast band.
 * - teamSize: the most people in one team (issue 30: a department-size team of up to 1,000 people with Simulator Pro,
 *   the bonus and the monitor; 300 otherwise).
 * - seats: how many owners may hold the product at once (null: no limit). Only the bonus is limited.
 * - sold: whether the product can be bought.
 */
export const CAPABILITIES = ['seeExpertise', 'createProfiles', 'pairChecks', 'teams', 'teamCheck', 'simulator', 'comparison', 'monitor'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export type ProductCapabilities = Record<Capability, boolean> & {
  /** Most profiles an owner may create; null: no cap. */
  profileCap: number | null;
  /** Most people in one team. */
  teamSize: number;
  /** Price of unlocking one pair's full love report, minor units per currency. */
  loveUnlockPrice: Record<Currency, number>;
  /** Owners who may hold the product at once; null: no limit. */
  seats: number | null;
  sold: boolean;
  /** Why the product is as it is, when its name does not say (shown in docs/plans.md). */
  note: Record<Locale, string> | null;
};

/** One-off unlock of the full love report for one pair (spec: amount not shown). */
export const LOVE_UNLOCK_PRICE: Record<Currency, number> = { RUB: 29_900, USD: 499 };

/** Most people in one team on most plans, and on the department-size ones (Simulator Pro, the bonus, the monitor). */
export const TEAM_SIZE = 300;
export const DEPARTMENT_TEAM_SIZE = 1000;

/** Owners who may hold the bonus plan at once (spec: "bonus seats limited", count not shown). */
export const BONUS_SEATS = 100;

const row = (caps: Partial<Record<Capability, boolean>>, extra: Partial<Omit<ProductCapabilities, Capability>> = {}): ProductCapabilities => ({
  seeExpertise: false,
  createProfiles: true,
  pairChecks: true,
  teams: false,
  teamCheck: false,
  simulator: false,
  comparison: false,
  monitor: false,
  ...caps,
  profileCap: null,
  teamSize: TEAM_SIZE,
  loveUnlockPrice: LOVE_UNLOCK_PRICE,
  seats: null,
  sold: true,
  note: null,
  ...extra,
});

export const PRODUCT_CAPABILITIES: Record<Product, ProductCapabilities> = {
  none: row({}, { sold: false }),
  basic: row({ seeExpertise: true }),
  teams: row({ seeExpertise: true, teams: true, teamCheck: true }),
  simulator: row({ seeExpertise: true, teams: true, teamCheck: true, simulator: true, comparison: true }),
  simulatorPro: row({ seeExpertise: true, teams: true, teamCheck: true, simulator: true, comparison: true }, { teamSize: DEPARTMENT_TEAM_SIZE }),
  bonus: row(
    { seeExpertise: true, teams: true, teamCheck: true, simulator: true, comparison: true },
    {
      seats: BONUS_SEATS,
      teamSize: DEPARTMENT_TEAM_SIZE,
      note: {
        en: `Plan id FULL_120: Simulator Pro (4 teams) billed monthly at 120 dollars (9 490 rubles) instead of its list price; the "120" is the dollar price, not a period. A limited offer: ${BONUS_SEATS} seats (owners holding or booked onto it) at once.`,
        ru: `Тариф FULL_120: «Симулятор Про» (4 команды) помесячно за 120 долларов (9 490 рублей) вместо обычной цены; «120» — цена в долларах, а не срок. Ограниченное предложение: ${BONUS_SEATS} мест (владельцев, у которых он есть или заказан) одновременно.`,
      },
    },
  ),
  monitor: row(
    { seeExpertise: true, teams: true, teamCheck: true, simulator: true, comparison: true, monitor: true },
    {
      teamSize: DEPARTMENT_TEAM_SIZE,
      note: {
        en: "Sold monthly as MONITOR_1M: no team cap and the director's monitor. Plan id UNLIMITED grants the same without payment (set by an administrator).",
        ru: 'Продаётся помесячно как MONITOR_1M: без ограничения команд и с монитором директора. Тариф UNLIMITED даёт то же без оплаты (его выдаёт администратор).',
      },
    },
  ),
};

/** The access-rule flag each capability is reported as (spec section 3 names allowTeams, allowScene, ...). */
export const RULE_OF_CAPABILITY = {
  seeExpertise: 'hideExpertise',
  createProfiles: 'allowCreateProfiles',
  pairChecks: 'allowPairs',
  teams: 'allowCreateTeams',
  teamCheck: 'allowTeams',
  simulator: 'allowScene',
  comparison: 'allowCompareTeams',
  monitor: 'allowMonitor',
} as const satisfies Record<Capability, string>;

/** Products in the order shown (comparison columns, docs), cheapest first. */
export const PRODUCT_ORDER: readonly Product[] = ['none', 'basic', 'teams', 'simulator', 'simulatorPro', 'bonus', 'monitor'];

/** The cheapest product sold that includes a capability: what a locked control names and links to. */
export function unlockingProduct(capability: Capability): Product | null {
  return PRODUCT_ORDER.find((product) => PRODUCT_CAPABILITIES[product].sold && PRODUCT_CAPABILITIES[product][capability]) ?? null;
}

const FREE: Record<Currency, PricePoint> = { RUB: { price: 0, discountedPrice: 0 }, USD: { price: 0, discountedPrice: 0 } };

/** Weekly charge for one team and for each extra team, per tier and currency (minor units). */
const WEEKLY: Record<'LITE' | 'MID' | 'FULL', Record<Currency, { base: number; extraTeam: number }>> = {
  LITE: { RUB: { base: 49_000, extraTeam: 0 }, USD: { base: 699, extraTeam: 0 } },
  MID: { RUB: { base: 99_000, extraTeam: 49_000 }, USD: { base: 1_299, extraTeam: 599 } },
  FULL: { RUB: { base: 149_000, extraTeam: 69_000 }, USD: { base: 1_899, extraTeam: 899 } },
};
/** Monthly charge; its list price is four weekly charges, which gives the monthly discount. */
const MONTHLY: Record<'LITE' | 'MID' | 'FULL', Record<Currency, { base: number; extraTeam: number }>> = {
  LITE: { RUB: { base: 149_000, extraTeam: 0 }, USD: { base: 1_999, extraTeam: 0 } },
  MID: { RUB: { base: 299_000, extraTeam: 149_000 }, USD: { base: 3_900, extraTeam: 1_900 } },
  FULL: { RUB: { base: 449_000, extraTeam: 199_000 }, USD: { base: 5_900, extraTeam: 2_500 } },
};
/** The bonus plan FULL_120: Simulator Pro (4 teams), monthly, at 120 dollars (9 490 rubles); see its note above. */
const BONUS: Record<Currency, number> = { RUB: 949_000, USD: 12_000 };
/** The Monitor plan MONITOR_1M, monthly: no team cap and the director's monitor (about 1.4 times Simulator Pro's month). */
const MONITOR: Record<Currency, number> = { RUB: 1_490_000, USD: 19_900 };

function charge(table: typeof WEEKLY, tier: 'LITE' | 'MID' | 'FULL', currency: Currency, teams: number): number {
  const row = table[tier][currency];
  return row.base + row.extraTeam * (teams - 1);
}

function paidPlan(id: PlanId, tier: 'LITE' | 'MID' | 'FULL', period: 'week' | 'month', teams: number, product: Product): PlanDef {
  const prices = Object.fromEntries(
    CurrencySchema.options.map((currency) => {
      const weekly = charge(WEEKLY, tier, currency, teams);
      return [
        currency,
        period === 'week' ? { price: weekly, discountedPrice: weekly } : { price: weekly * 4, discountedPrice: charge(MONTHLY, tier, currency, teams) },
      ];
    }),
  ) as Record<Currency, PricePoint>;
  return { id, tier, product, period, teams: tier === 'LITE' ? 0 : teams, purchasable: true, prices };
}

const fullProduct = (teams: number): Product => (teams === 4 ? 'simulatorPro' : 'simulator');
const TEAM_COUNTS = [1, 2, 3, 4] as const;

/** The plan catalogue, in the order the plans are shown. */
export const PLANS: readonly PlanDef[] = [
  { id: 'NONE', tier: 'NONE', product: 'none', period: null, teams: 0, purchasable: false, prices: FREE },
  paidPlan('LITE_7D', 'LITE', 'week', 1, 'basic'),
  paidPlan('LITE_1M', 'LITE', 'month', 1, 'basic'),
  { id: 'LITE_DEMO', tier: 'LITE', product: 'basic', period: 'demo', teams: 0, purchasable: true, prices: FREE },
  ...TEAM_COUNTS.map((teams) => paidPlan(`MID_7D_${teams}` as PlanId, 'MID', 'week', teams, 'teams')),
  ...TEAM_COUNTS.map((teams) => paidPlan(`MID_1M_${teams}` as PlanId, 'MID', 'month', teams, 'teams')),
  { id: 'MID_DEMO', tier: 'MID', product: 'teams', period: 'demo', teams: 1, purchasable: true, prices: FREE },
  ...TEAM_COUNTS.map((teams) => paidPlan(`FULL_7D_${teams}` as PlanId, 'FULL', 'week', teams, fullProduct(teams))),
  ...TEAM_COUNTS.map((teams) => paidPlan(`FULL_1M_${teams}` as PlanId, 'FULL', 'month', teams, fullProduct(teams))),
  { id: 'FULL_DEMO', tier: 'FULL', product: 'simulator', period: 'demo', teams: 1, purchasable: true, prices: FREE },
  {
    id: 'FULL_120',
    tier: 'FULL',
    product: 'bonus',
    period: 'month',
    teams: 4,
    purchasable: true,
    prices: {
      RUB: { price: charge(MONTHLY, 'FULL', 'RUB', 4), discountedPrice: BONUS.RUB },
      USD: { price: charge(MONTHLY, 'FULL', 'USD', 4), discountedPrice: BONUS.USD },
    },
  },
  { id: 'UNLIMITED', tier: 'UNLIMITED', product: 'monitor', period: null, teams: null, purchasable: false, prices: FREE },
  {
    id: 'MONITOR_1M',
    tier: 'UNLIMITED',
    product: 'monitor',
    period: 'month',
    teams: null,
    purchasable: true,
    prices: { RUB: { price: MONITOR.RUB, discountedPrice: MONITOR.RUB }, USD: { price: MONITOR.USD, discountedPrice: MONITOR.USD } },
  },
];

const plansById = new Map(PLANS.map((plan) => [plan.id, plan]));
export function planById(id: PlanId): PlanDef {
  const plan = plansById.get(id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Whole-percent saving of the charged price against the list price; 0 when there is none. */
export function discountPercent({ price, discountedPrice }: PricePoint): number {
  return price > 0 && discountedPrice < price ? Math.round(((price - discountedPrice) / price) * 100) : 0;
}

/** Product names and one-line descriptions, in both languages. */
export const productTexts: Record<Product, Record<Locale, { title: string; description: string }>> = {
  none: {
    en: { title: 'No plan', description: 'Profiles and pair checks; expertise is hidden' },
    ru: { title: 'Без подписки', description: 'Профили и проверка пар; экспертиза скрыта' },
  },
  basic: {
    en: { title: 'Basic', description: 'Pair compatibility with expertise shown' },
    ru: { title: 'Базовый', description: 'Совместимость пар с открытой экспертизой' },
  },
  teams: {
    en: { title: 'Teams', description: 'Create teams and check them' },
    ru: { title: 'Команды', description: 'Создание и проверка команд' },
  },
  simulator: {
    en: { title: 'Simulator', description: "Teams, the manager's simulator and team comparison" },
    ru: { title: 'Симулятор', description: 'Команды, симулятор руководителя и сравнение команд' },
  },
  simulatorPro: {
    en: { title: 'Simulator Pro', description: "Four teams with the manager's simulator and team comparison" },
    ru: { title: 'Симулятор Про', description: 'Четыре команды с симулятором руководителя и сравнением' },
  },
  bonus: {
    en: { title: 'Bonus', description: 'Everything of Simulator Pro, four teams, at the bonus price' },
    ru: { title: 'Бонус', description: 'Всё из Симулятор Про, четыре команды, по бонусной цене' },
  },
  monitor: {
    en: { title: 'Monitor', description: "Everything without a team limit, with the director's monitor: forecasts checked against monthly check-ins" },
    ru: { title: 'Монитор', description: 'Всё без ограничения команд и монитор директора: прогнозы сверяются с ежемесячными опросами' },
  },
};

const periodTexts: Record<BillingPeriod, Record<Locale, string>> = {
  week: { en: 'week', ru: 'неделя' },
  month: { en: 'month', ru: 'месяц' },
  demo: { en: '3-day demo', ru: 'демо на 3 дня' },
};

/** A plan's title in a language, e.g. 'Simulator · 2 teams · month'. */
export function planTitle(plan: PlanDef, locale: Locale): string {
  const parts = [productTexts[plan.product][locale].title];
  if (plan.teams) parts.push(locale === 'ru' ? `команд: ${plan.teams}` : `${plan.teams} ${plan.teams === 1 ? 'team' : 'teams'}`);
  if (plan.period) parts.push(periodTexts[plan.period][locale]);
  return parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------- schemas

export const SubscriptionStatusSchema = z.enum(['active', 'past_due', 'incomplete', 'canceled']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const PaymentProviderNameSchema = z.enum(['builtin', 'stripe']);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/** Why a charge did not go through: declined, insufficient funds, needs the cardholder's confirmation, or another failure. */
export const PaymentFailureSchema = z.enum(['card_declined', 'insufficient_funds', 'payment_incomplete', 'payment_failed']);
export type PaymentFailure = z.infer<typeof PaymentFailureSchema>;

/**
 * What the owner may do: the capability table's row of the plan in force (see RULE_OF_CAPABILITY), with the subscription
 * state and the account (spec sections 3 and 6).
 */
export const AccessRulesSchema = z.object({
  allowTeams: z.boolean(),
  allowScene: z.boolean(),
  /** The account is not verified yet: gated calls answer verify_account. */
  needVerify: z.boolean(),
  allowCreateTeams: z.boolean(),
  allowCompareTeams: z.boolean(),
  allowCreateProfiles: z.boolean(),
  allowPairs: z.boolean(),
  allowMonitor: z.boolean(),
  /** Most teams the owner may have; null means no cap. */
  teamCap: z.number().int().nullable(),
  /** Most profiles the owner may create; null means no cap. */
  profileCap: z.number().int().nullable(),
  /** Most people in one team. */
  teamSize: z.number().int(),
  /** The plan in force (NONE while a payment is missing). */
  plan: PlanIdSchema,
  product: ProductSchema,
  hideExpertise: z.boolean(),
});
export type AccessRules = z.infer<typeof AccessRulesSchema>;
export type AccessRule = 'allowTeams' | 'allowScene' | 'allowCreateTeams' | 'allowCompareTeams' | 'allowCreateProfiles' | 'allowPairs' | 'allowMonitor';

/** Whether rules grant a capability (the table's column, read through its access-rule flag). */
export function allows(rules: Pick<AccessRules, AccessRule | 'hideExpertise'>, capability: Capability): boolean {
  const flag = RULE_OF_CAPABILITY[capability];
  return flag === 'hideExpertise' ? !rules.hideExpertise : rules[flag];
}

/** The access rules of a plan for an owner whose account is (or is not) verified. */
export function rulesOfPlan(plan: PlanId, verified: boolean): AccessRules {
  const def = planById(plan);
  const caps = PRODUCT_CAPABILITIES[def.product];
  return {
    allowTeams: caps.teamCheck,
    allowScene: caps.simulator,
    needVerify: !verified,
    allowCreateTeams: caps.teams,
    allowCompareTeams: caps.comparison,
    allowCreateProfiles: caps.createProfiles,
    allowPairs: caps.pairChecks,
    allowMonitor: caps.monitor,
    teamCap: caps.teams ? def.teams : 0,
    profileCap: caps.profileCap,
    teamSize: caps.teamSize,
    plan,
    product: def.product,
    hideExpertise: !caps.seeExpertise,
  };
}

export const PriceEntrySchema = z.object({
  /** The plan id (spec: subscription). */
  subscription: PlanIdSchema,
  title: z.string(),
  description: z.string(),
  product: ProductSchema,
  tier: PlanTierSchema,
  period: BillingPeriodSchema.nullable(),
  teams: z.number().int().nullable(),
  currency: CurrencySchema,
  /** List price, minor units. */
  price: z.number().int(),
  /** What is charged, minor units. */
  discountedPrice: z.number().int(),
  discountPercent: z.number().int(),
  allowTeams: z.boolean(),
  allowScene: z.boolean(),
  allowCompareTeams: z.boolean(),
  hideExpertise: z.boolean(),
  /** The capability table's row of the plan. */
  capabilities: z.record(z.enum(CAPABILITIES), z.boolean()),
  /** Owners who may hold the plan at once; null: no limit. */
  seats: z.number().int().nullable(),
});
export type PriceEntry = z.infer<typeof PriceEntrySchema>;

export const PriceListSchema = z.object({
  currency: CurrencySchema,
  /** builtin: the test card processor (no real money); stripe: real card payments. */
  provider: PaymentProviderNameSchema,
  /** Stripe publishable key for Stripe Elements; null with the built-in provider. */
  publishableKey: z.string().nullable(),
  loveUnlockPrice: z.number().int(),
  plans: z.array(PriceEntrySchema),
});
export type PriceList = z.infer<typeof PriceListSchema>;

export const InvoiceStatusSchema = z.enum(['open', 'paid', 'void']);
export const InvoiceSchema = z.object({
  _id: z.string(),
  number: z.string(),
  kind: z.enum(['subscription', 'pair_unlock']),
  plan: PlanIdSchema.nullable(),
  description: z.string(),
  amount: z.number().int(),
  currency: CurrencySchema,
  status: InvoiceStatusSchema,
  /** Why the last attempt failed; null when paid or not tried. */
  failure: PaymentFailureSchema.nullable(),
  /** Stripe only: secret the browser confirms the payment with; null otherwise. */
  clientSecret: z.string().nullable(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const SubscriptionSchema = z.object({
  plan: PlanIdSchema,
  title: z.string(),
  status: SubscriptionStatusSchema,
  period: BillingPeriodSchema.nullable(),
  currency: CurrencySchema,
  /** Charge per period, minor units. */
  amount: z.number().int(),
  subscribeStartDate: z.iso.datetime(),
  /** End of the period paid for (spec: subscribeEndDate). */
  subscribeEndDate: z.iso.datetime(),
  /** When the next charge happens; null when the subscription will not renew. */
  nextPaymentAt: z.iso.datetime().nullable(),
  nextPaymentAmount: z.number().int().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A plan change booked for the next renewal. */
  pendingPlan: PlanIdSchema.nullable(),
  latestInvoice: InvoiceSchema.nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionStateSchema = z.object({
  subscription: SubscriptionSchema.nullable(),
  access: AccessRulesSchema,
  provider: PaymentProviderNameSchema,
});
export type SubscriptionState = z.infer<typeof SubscriptionStateSchema>;

export const PaymentMethodSchema = z.object({
  _id: z.string(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PaymentMethodListSchema = z.object({ data: z.array(PaymentMethodSchema) });

/** Whether a card number's digits pass the Luhn check every card number carries (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Whether a card's expiry (month 1-12, four-digit year) has passed at `now`: a card works to the end of its month. */
export const cardExpired = (card: { expMonth: number; expYear: number }, now: Date): boolean => Date.UTC(card.expYear, card.expMonth, 1) <= now.getTime();

/** Card details for the built-in test provider; only last four digits, brand and expiry are kept. */
export const TestCardSchema = z.object({
  number: z
    .string({ error: 'required' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, { error: 'cardNumber' })
        .refine(passesLuhn, { error: 'cardNumber' }),
    ),
  expMonth: z.coerce.number({ error: 'required' }).int().min(1, { error: 'invalid' }).max(12, { error: 'invalid' }),
  expYear: z.coerce.number({ error: 'required' }).int().min(2000, { error: 'invalid' }).max(2100, { error: 'invalid' }),
  cvc: z.string({ error: 'required' }).regex(/^\d{3,4}$/, { error: 'invalid' }),
  holder: z.string().trim().max(100, { error: 'maxLength' }).optional(),
});
export type TestCard = z.infer<typeof TestCardSchema>;

/** The built-in provider's test cards and what each does (like a card processor in test mode). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  needsConfirmation: '4000002500003155',
} as const;

const PaymentMethodIdSchema = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(255);

export const AttachPaymentMethodSchema = z.union([z.object({ paymentMethodId: PaymentMethodIdSchema }), z.object({ testCard: TestCardSchema })]);
export const PaymentMethodRefSchema = z.object({ paymentMethodId: PaymentMethodIdSchema });

export const UpdateSubscriptionSchema = z.object({
  /** The plan to subscribe to or change to. */
  subscribe: PlanIdSchema,
  /** Card to pay with; the default card when absent. */
  paymentMethodId: PaymentMethodIdSchema.optional(),
  /** Language whose currency a new subscription is billed in (ruble for ru, dollar for en). */
  ln: LocaleSchema.optional(),
});

export const SubscriptionChangeSchema = SubscriptionStateSchema.extend({
  /** Amount charged now for an immediate plan change (proration), minor units; null when nothing was charged. */
  proration: z.number().int().nullable(),
});
export type SubscriptionChange = z.infer<typeof SubscriptionChangeSchema>;

export const PayInvoiceSchema = z.object({
  invoiceId: z.string({ error: 'required' }).min(1, { error: 'required' }).max(255),
  paymentMethodId: PaymentMethodIdSchema.optional(),
  /** Built-in provider: the cardholder confirmed the payment (what 3-D Secure does for a real card). */
  confirm: z.boolean().optional(),
});

const ProfileIdSchema = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100);
export const PairSchema = z.object({ id1: ProfileIdSchema, id2: ProfileIdSchema });
export const PairPaymentIntentSchema = PairSchema.extend({
  paymentMethodId: PaymentMethodIdSchema.optional(),
  confirm: z.boolean().optional(),
});

export const PairPaymentStatusSchema = z.object({
  status: z.enum(['paid', 'unpaid', 'incomplete']),
  price: z.number().int(),
  currency: CurrencySchema,
  invoice: InvoiceSchema.nullable(),
});
export type PairPaymentStatus = z.infer<typeof PairPaymentStatusSchema>;

export const InvoicePageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** Opaque cursor from the previous page. */
  next_page: z.string().max(100).optional(),
});
export const InvoicePageSchema = z.object({ data: z.array(InvoiceSchema), has_more: z.boolean(), next_page: z.string().nullable() });
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

/** Header every money-moving call carries; a retry with the same key returns the first outcome and never charges twice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

// ---------------------------------------------------------------------------------------------- endpoints

export const listPriceEndpoint = defineEndpoint({
  group: 'payment',
  method: 'GET',
  path: '/list-price',
  summary: 'Plans with prices in the currency of a language (ruble for ru, dollar for en), and which provider is active',
  query: z.object({ ln: LocaleSchema.optional() }),
  result: PriceListSchema,
});

export const subscriptionEndpoint = defineEndpoint({
  group: 'payment',
  method: 'GET',
  path: '/subscription',
  summary: "The owner's current plan with status, next payment and period end, and the access rules",
  result: SubscriptionStateSchema,
});

export const accessRulesEndpoint = defineEndpoint({
  group: 'payment',
  method: 'GET',
  path: '/access-rules',
  summary: "The owner's access rules",
  result: AccessRulesSchema,
});

export const syncAccessRulesEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/sync-access-rules',
  summary: "Recomputes the owner's access rules, returns them and pushes them to the owner's open sockets",
  result: AccessRulesSchema,
});

export const updateSubscriptionEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/update-subscription',
  summary: 'Subscribes to a plan or changes plan at once (the price difference for the rest of the period is charged). Needs Idempotency-Key',
  body: UpdateSubscriptionSchema,
  result: SubscriptionChangeSchema,
});

export const updateSubscriptionUnsecureEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/update-subscription-unsecure',
  summary: 'Books a plan change for the next renewal without charging now. Needs Idempotency-Key',
  body: UpdateSubscriptionSchema.pick({ subscribe: true }),
  result: SubscriptionChangeSchema,
});

export const cancelSubscriptionEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/cancel-subscription',
  summary: 'Cancels renewal; access stays until the end of the paid period',
  result: SubscriptionStateSchema,
});

export const resumeSubscriptionEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/resume-subscription',
  summary: 'Resumes renewal of a subscription cancelled before its period ended',
  result: SubscriptionStateSchema,
});

export const payInvoiceEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/pay-invoice',
  summary: 'Pays an open invoice (restores a failed or incomplete payment). Needs Idempotency-Key',
  body: PayInvoiceSchema,
  result: SubscriptionStateSchema.extend({ invoice: InvoiceSchema }),
});

export const attachPaymentMethodEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/attach-payment-method',
  summary: 'Adds a card: a Stripe payment method id, or a test card with the built-in provider. The first card becomes the default',
  body: AttachPaymentMethodSchema,
  result: PaymentMethodSchema,
});

export const setDefaultPaymentMethodEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/set-default-payment-method',
  summary: 'Makes a card the default for renewals',
  body: PaymentMethodRefSchema,
  result: PaymentMethodListSchema,
});

export const detachPaymentMethodEndpoint = defineEndpoint({
  group: 'payment',
  method: 'DELETE',
  path: '/detach-payment-method',
  summary: 'Removes a card',
  query: PaymentMethodRefSchema,
  result: PaymentMethodListSchema,
});

export const listPaymentMethodsEndpoint = defineEndpoint({
  group: 'payment',
  method: 'GET',
  path: '/list-payment-methods',
  summary: "The owner's cards, default first",
  result: PaymentMethodListSchema,
});

export const listAllInvoicesEndpoint = defineEndpoint({
  group: 'payment',
  method: 'GET',
  path: '/list-all-invoices',
  summary: "The owner's invoices, newest first, a page at a time",
  query: InvoicePageQuerySchema,
  result: InvoicePageSchema,
});

export const checkPaymentPairEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/check-payment-pair',
  summary: 'Whether the full love report of a pair is unlocked',
  body: PairSchema,
  result: PairPaymentStatusSchema,
});

export const createPaymentIntentEndpoint = defineEndpoint({
  group: 'payment',
  method: 'POST',
  path: '/create-payment-intent',
  summary: 'Pays the one-off unlock of the full love report of a pair. Needs Idempotency-Key',
  body: PairPaymentIntentSchema,
  result: PairPaymentStatusSchema,
});
