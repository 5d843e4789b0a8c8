export { bandOf, gradeOf } from './bands.ts';
export { checkTeam, type TeamCheck, type TeamCheckOptions } from './check-team.ts';
export {
  COMPARE_DIRECTION,
  bestOf,
  compareIndicators,
  compareScenes,
  probabilitiesBest,
  probabilityBest,
  type BestProbabilities,
  type CompareEntry,
  type CompareIndicators,
  type CompareKey,
  type Comparison,
} from './compare-scenes.ts';
export { diffActors, type DiffEntry, type DiffKind, type NormalizeReason } from './diff-actors.ts';
export { EngineError, isEngineError, type EngineErrorCode } from './errors.ts';
export {
  forecastPair,
  type CompetenceLines,
  type ExplanationItem,
  type PairBand,
  type PairForecast,
  type PairOptions,
  type PairRequest,
  type PersonForecast,
  type RecommendationLevel,
} from './forecast-pair.ts';
export { forecastLove, LOVE_PARAMS, loveSpecialist, type LoveKind, type LovePerson, type LoveRequest } from './love-model.ts';
export { normalizeActors, type NormalizeResult } from './normalize-actors.ts';
export { DEFAULT_PARAMS, WORK_STYLE_CENTRE, WORK_STYLE_SPREAD, type KindWeights, type Params } from './params.ts';
export { WORK_STYLE_SCALES, type WorkStyle, type WorkStyleName, type WorkStyleWeights } from './work-style.ts';
export { expandScene, sceneDay, type ActorDay, type DayRecord, type ExpandedScene, type PairRating } from './scene-expand.ts';
export {
  MOODS,
  ORIENTATIONS,
  TEAM_TYPES,
  type ActorColumns,
  type FinalStats,
  type GroupEvent,
  type PairColumns,
  type PairDetail,
  type SceneBand,
  type SceneExplanationItem,
  type SceneInput,
  type SceneOptions,
  type SceneResult,
  type TeamColumns,
  type TeamIndicators,
} from './scene-types.ts';
export { simulateScene } from './simulate-scene.ts';
export { finalMoods, type MoodColumns } from './final-moods.ts';
export { RANKED_KEYS, indicatorsAt, memberMeans, rankedAt, type RankedKey, type RankedValues } from './scene-summary.ts';
export type {
  Actor,
  ActorEvent,
  Band,
  EventType,
  Gender,
  Grade,
  Interaction,
  InteractionMode,
  Interval,
  Mood,
  Orientation,
  PairKind,
  Phase,
  Role,
  Specialist,
  TeamType,
  TraitName,
  Traits,
} from './types.ts';
