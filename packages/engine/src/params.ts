import type { PairKind } from './types.ts';
import type { WorkStyleWeights } from './work-style.ts';

/**
 * Weights of one pair kind. Scores enter centred: z = (score - 50) / 50 in [-1, 1], traits c = 2t - 1.
 * Raw perspective score s_ij = actor_i + partner_j + relationship_ij, settled rating 100 * tanh(s).
 */
export type KindWeights = {
  /** Actor effect: how a person's own K, P, L and traits colour every relationship they are in. */
  actor: { k: number; p: number; l: number; familyStability: number; workExperience: number; relocation: number };
  /** Partner effect: how people in general fare with this person. */
  partner: { k: number; p: number; l: number; familyStability: number; entrepreneurship: number };
  /** Relationship effect (pair-specific, kept small): similarity of L, age gap, K gap for mentoring. */
  relationship: { lSimilarity: number; ageGap: number; mentoring: number };
  /** First impression from surface cues: share of actor effect, partner grade, age similarity. */
  first: { actorShare: number; grade: number; ageSimilarity: number };
  /** Storming depth in rating points at most; scaled by low shared maturity and clashing dominance. */
  stormDepth: number;
  /** Names of this kind's result blocks, in display order. */
  blocks: readonly string[];
  /**
   * Work-style terms (work only): added to the actor, partner and relationship effects; when present, the storm depth
   * is the work-style one (`style.stormDepth`) and `stormDepth` above is not read. Kinds without it read no work style.
   */
  style?: WorkStyleWeights;
};

export type Params = {
  /** Bumped whenever a number changes; stored with every forecast. */
  version: string;
  /** Scale of raw scores before tanh; larger = ratings reach the extremes sooner. */
  tanhScale: number;
  kinds: Record<PairKind, KindWeights>;
  dynamics: {
    /** Days to close 63% of the first-impression-to-settled gap at the reference intensity, office mode. */
    tauDays: number;
    /** Reference intensity, hours per week (spec default 5). */
    referenceHours: number;
    /** tau scales as (reference / hours)^exponent: more contact, faster settling. */
    intensityExponent: number;
    /** Remote mode multiplies tau (slower settling) and storm depth (muted conflict). */
    remoteTauFactor: number;
    remoteStormFactor: number;
    /** Bounds on tau in days. */
    tauMin: number;
    tauMax: number;
    /** Gersick midpoint: share of the remaining gap closed at once at half the team's lifespan. */
    midpointShift: number;
  };
  manager: {
    /** Rating points added to every settled pair rating by a manager of quality 1 (-1 subtracts). */
    shift: number;
    /** Share of storm depth removed by a manager of quality 1. */
    stormDamping: number;
    /** A team lead counts this much of a manager (scenes only). */
    leadWeight: number;
  };
  competence: {
    /** Share per month of the gap to a more qualified partner that is learned at reference intensity. */
    learningPerMonth: number;
    /** Maturity gained per year of team life, points. */
    maturityPerYear: number;
    /** Expertise = k*K + p*P + l*L. */
    expertise: { k: number; p: number; l: number };
  };
  team: {
    /** Intensity of pairs with no interaction entry, hours per week (background contact). */
    implicitHours: number;
    /** Weekly load above which an actor is overloaded (spec section 9: warn above 50). */
    overloadHours: number;
    /** Satisfaction points lost per hour of overload, at most overloadMaxPenalty. */
    overloadPenaltyPerHour: number;
    overloadMaxPenalty: number;
    /** Power = expertise * (engagementFloor + (1 - engagementFloor) * integration / 100). */
    engagementFloor: number;
    /** Days for a newcomer's integration to reach 63% (Guimerà: newcomers are not yet embedded). */
    integrationTauDays: number;
    /** Days without a formed opinion: mood is unclear. */
    unclearDays: number;
    /**
     * Cohesion from pair ratings: 50 + 0.5 (mean * meanRating + min * least-integrated member's rating)
     * - spreadPenalty * standard deviation of pair ratings (Bell 2007: the minimum and the spread count). mean + min = 1.
     */
    cohesion: { mean: number; min: number; spreadPenalty: number };
    /** Competence from member expertise: mean, max, min. */
    competence: { mean: number; max: number; min: number };
    /** Performance: mean P (conscientiousness proxy), min L (agreeableness proxy), competence, cohesion. */
    performance: { meanP: number; minL: number; competence: number; cohesion: number };
    /** Teaming effect: points per share of incumbents and per share of repeat pairs (Guimerà 2005). */
    guimera: { incumbents: number; repeatPairs: number; repeatDays: number; newcomerDays: number };
    /** Manager suitability weights: expertise edge, maturity, managerial experience, mutual rating. */
    suitability: { expertiseEdge: number; maturity: number; experience: number; rating: number };
    /** Team type thresholds: launch if newcomer share above, growth if monthly expertise growth above (points). */
    launchNewcomerShare: number;
    growthPerMonth: number;
    /**
     * A team of more than `above` people steps its pairs every `days` days, daily for `settleDays` after anyone joins,
     * and on every day that changes what they give, holding their sums in between (docs/forecast-model.md, section 5.6);
     * smaller teams step them every day.
     */
    pairStride: { above: number; days: number; settleDays: number };
  };
  band: {
    /** Samples drawn for the uncertainty band unless the caller says otherwise. */
    pairSamples: number;
    sceneSamples: number;
    /**
     * Score error used when a specialist carries none, points of standard deviation: the rule-based prior's error,
     * from typical inter-rater disagreement (docs/forecast-model.md, section 7.1).
     */
    defaultScoreError: number;
    /** Completeness below this counts as this: the score error grows as 1 / sqrt(completeness), at most ~3.2×. */
    minCompleteness: number;
    /**
     * Measurement error of a work-style scale (standard deviation on its [0, 1] scale) for a complete profile; widened
     * by 1 / sqrt(completeness) like the score error (docs/forecast-model.md, section 7.1).
     */
    styleError: number;
    /** Draw the tunable parameters from their priors (param-priors.ts) in every sample. */
    parameterUncertainty: boolean;
    /**
     * Pair-specific residual on the rating scale (section 7.3): a random walk that starts with `startSd` on the first
     * day and reaches `yearSd` on the last (variance linear in the horizon).
     */
    residual: { startSd: number; yearSd: number };
    /** Smallest band width in points, so a degenerate draw (one sample, saturated ratings) cannot give width 0. */
    minWidth: number;
    /**
     * A scene with more actors than `above` draws its band on a reduced team of `members` (docs/forecast-model.md, section
     * 7.6): each sample's change from the reduced team's own point forecast is added to the whole team's point forecast.
     */
    reduced: { above: number; members: number };
  };
};

/**
 * The reference population's mean of each work-style scale (docs/fairness.md, "The reference population"): what a
 * scale reads as when a person did not answer it. The population's answers lean to agreement (social desirability),
 * so the centres sit above the scale's midpoint 0.5.
 */
export const WORK_STYLE_CENTRE = {
  cooperation: 0.6825,
  reliability: 0.735,
  planning: 0.5825,
  steadiness: 0.6,
  openness: 0.69,
  directness: 0.59,
  autonomy: 0.505,
} as const;

/** The reference population's standard deviation of each work-style scale (a two-item scale: of the items' mean). */
export const WORK_STYLE_SPREAD = {
  cooperation: 0.179,
  reliability: 0.237,
  planning: 0.276,
  steadiness: 0.267,
  openness: 0.232,
  directness: 0.271,
  autonomy: 0.292,
} as const;

/** Priors: chosen from the literature's directions and rough effect sizes, not yet fitted to outcomes. */
export const DEFAULT_PARAMS: Params = {
  version: '0.4.0-prior',
  tanhScale: 1.6,
  kinds: {
    // Work forecasts judge the work, not the person: age, age gap and family stability weigh 0 and are never
    // read (docs/forecast-model.md, section 1.1). Person effects come from the work-style block (section 1.2), not from
    // K, P, L or years of experience, which grow with age (a career record, not how someone works with others):
    // those weigh 0 here and drive the competences block, expertise and team power instead. The first impression does
    // not read the partner's grade, for the same reason.
    work: {
      actor: { k: 0, p: 0, l: 0, familyStability: 0, workExperience: 0, relocation: 0 },
      partner: { k: 0, p: 0, l: 0, familyStability: 0, entrepreneurship: 0 },
      relationship: { lSimilarity: 0, ageGap: 0, mentoring: 0.04 },
      first: { actorShare: 0.5, grade: 0, ageSimilarity: 0 },
      stormDepth: 0,
      blocks: ['satisfaction', 'expectations', 'competences', 'outlook'],
      style: {
        centre: WORK_STYLE_CENTRE,
        spread: WORK_STYLE_SPREAD,
        actor: { cooperation: 0.3, steadiness: 0.2, openness: 0.14 },
        partner: { cooperation: 0.25, reliability: 0.25, steadiness: 0.12 },
        relationship: { planningFit: 0.06, autonomyFit: 0.05 },
        stormDepth: 30,
      },
    },
    LOVE: {
      actor: { k: 0, p: 0.05, l: 0.3, familyStability: 0.25, workExperience: 0, relocation: 0.03 },
      partner: { k: 0.03, p: 0.03, l: 0.15, familyStability: 0.12, entrepreneurship: 0 },
      relationship: { lSimilarity: 0.05, ageGap: 0.06, mentoring: 0 },
      first: { actorShare: 0.6, grade: 0, ageSimilarity: 0.2 },
      stormDepth: 25,
      blocks: ['passion', 'intimacy', 'commitment'],
    },
    FRIEND: {
      actor: { k: 0, p: 0.05, l: 0.3, familyStability: 0.1, workExperience: 0, relocation: 0.05 },
      partner: { k: 0.05, p: 0.05, l: 0.15, familyStability: 0.03, entrepreneurship: 0.02 },
      relationship: { lSimilarity: 0.06, ageGap: 0.05, mentoring: 0 },
      first: { actorShare: 0.6, grade: 0, ageSimilarity: 0.15 },
      stormDepth: 15,
      blocks: ['enjoyment', 'trust', 'support'],
    },
  },
  dynamics: {
    tauDays: 45,
    referenceHours: 5,
    intensityExponent: 0.5,
    remoteTauFactor: 1.4,
    remoteStormFactor: 0.7,
    tauMin: 7,
    tauMax: 365,
    midpointShift: 0.3,
  },
  manager: { shift: 8, stormDamping: 0.4, leadWeight: 0.5 },
  competence: {
    learningPerMonth: 0.02,
    maturityPerYear: 1,
    expertise: { k: 0.4, p: 0.35, l: 0.25 },
  },
  team: {
    implicitHours: 0.5,
    overloadHours: 50,
    overloadPenaltyPerHour: 1,
    overloadMaxPenalty: 30,
    engagementFloor: 0.6,
    integrationTauDays: 60,
    unclearDays: 7,
    cohesion: { mean: 0.6, min: 0.4, spreadPenalty: 0.25 },
    competence: { mean: 0.6, max: 0.25, min: 0.15 },
    performance: { meanP: 0.3, minL: 0.2, competence: 0.3, cohesion: 0.2 },
    guimera: { incumbents: 10, repeatPairs: -5, repeatDays: 365, newcomerDays: 180 },
    suitability: { expertiseEdge: 0.3, maturity: 0.25, experience: 0.2, rating: 0.25 },
    launchNewcomerShare: 0.5,
    growthPerMonth: 0.3,
    pairStride: { above: 100, days: 7, settleDays: 28 },
  },
  band: {
    pairSamples: 64,
    sceneSamples: 16,
    defaultScoreError: 8,
    minCompleteness: 0.1,
    styleError: 0.1,
    parameterUncertainty: true,
    residual: { startSd: 8, yearSd: 20 },
    minWidth: 1,
    reduced: { above: 60, members: 40 },
  },
};
