/**
 * The one catalogue of team indicators: what each number means, its scale, unit and decimals, written once (the
 * reasoning is in docs/forecast-model.md sections 5.4 and 6). Every screen that shows a team indicator (team check,
 * comparison, simulator, monitor) takes its label, caption, scale and decimals from here, so one number never has two
 * meanings. Zod-free, so any screen can import it.
 */
import type { Locale } from './locale-core.ts';

/** points: a score on the stated scale; percent: a share or change in %; months: a duration; count: people; category: a named kind. */
export type IndicatorUnit = 'points' | 'percent' | 'months' | 'count' | 'category';

/**
 * day: the value on one day (the team check and the comparison read the last forecast day, "after a year"; the
 * simulator the day it shows); year: a mean, maximum or share over the 365 forecast days.
 */
export type IndicatorPeriod = 'day' | 'year';

export type IndicatorMeta = {
  unit: IndicatorUnit;
  /** The range every value lies in; `max: null` when it grows with the team (a sum over members: at most 100 per member). */
  scale: { min: number; max: number | null } | null;
  /** Decimals shown (fixed, the same on every screen). */
  decimals: number;
  period: IndicatorPeriod;
  /** Label and one-sentence definition (shown as the caption) per language. */
  text: Record<Locale, { label: string; caption: string }>;
};

const perMember = { min: 0, max: null };
const score = { min: 0, max: 100 };
const rating = { min: -100, max: 100 };

/** Team indicators (contracts TeamIndicators, the engine's indicatorsAt); K, P, L are the members' means. */
export const TEAM_INDICATOR_META = {
  basePower: {
    unit: 'points',
    scale: perMember,
    decimals: 1,
    period: 'day',
    text: {
      ru: {
        label: 'Потенциал команды',
        caption: 'Сумма экспертизы участников (0,4·К + 0,35·П + 0,25·Л) при полной вовлечённости: потолок силы команды, до 100 на участника.',
      },
      en: {
        label: 'Team capability',
        caption: "Sum of the members' expertise (0.4·K + 0.35·P + 0.25·L) at full engagement: the ceiling of the team's power, up to 100 per member.",
      },
    },
  },
  peakPower: {
    unit: 'points',
    scale: perMember,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Сила после притирки', caption: 'Сила, которую команда покажет, когда сегодняшние отношения устоятся; не выше потенциала.' },
      en: { label: 'Settled power', caption: "The power the team will show once today's relationships have settled; never above its capability." },
    },
  },
  totalStatisticPower: {
    unit: 'points',
    scale: perMember,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Текущая сила', caption: 'Сила команды в этот день с учётом вовлечённости каждого участника; не выше потенциала.' },
      en: { label: 'Current power', caption: "The team's power on the day, with each member's engagement; never above its capability." },
    },
  },
  cohesion: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Сплочённость', caption: 'Насколько тесно держатся участники: средняя и худшая оценка пар минус их разброс, от 0 до 100.' },
      en: { label: 'Cohesion', caption: 'How closely the members hold together: the mean and the lowest pair rating less their spread, 0 to 100.' },
    },
  },
  microclimate: {
    unit: 'points',
    scale: rating,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Атмосфера', caption: 'Средняя оценка пар, взвешенная по часам совместной работы, от −100 до 100.' },
      en: { label: 'Atmosphere', caption: 'The mean pair rating weighted by hours worked together, −100 to 100.' },
    },
  },
  teamingEffect: {
    unit: 'percent',
    scale: rating,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Эффект объединения', caption: 'На сколько процентов команда сильнее (или слабее) тех же людей, работающих порознь, от −100 до 100 %.' },
      en: { label: 'Effect of uniting', caption: 'How many percent stronger (or weaker) the team is than the same people working apart, −100 to 100 %.' },
    },
  },
  managerSuitability: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: {
        label: 'Соответствие руководителя',
        caption: 'Насколько руководитель подходит команде: перевес в экспертизе, зрелость, опыт и отношения, от 0 до 100.',
      },
      en: { label: 'Manager fit', caption: 'How well the manager fits the team: expertise edge, maturity, experience and relationships, 0 to 100.' },
    },
  },
  performance: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Результативность', caption: 'Ожидаемая результативность: профессионализм, зрелость, компетентность и сплочённость, от 0 до 100.' },
      en: { label: 'Performance', caption: 'Expected performance: professionalism, maturity, competence and cohesion, 0 to 100.' },
    },
  },
  competence: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Компетентность', caption: 'Средняя, лучшая и худшая экспертиза участников вместе, от 0 до 100.' },
      en: { label: 'Competence', caption: "The members' mean, best and lowest expertise together, 0 to 100." },
    },
  },
  competencies: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'К / П / Л', caption: 'Средние по участникам квалификация (К), профессионализм (П) и зрелость (Л), от 0 до 100.' },
      en: { label: 'K / P / L', caption: "The members' mean qualification (K), professionalism (P) and maturity (L), 0 to 100." },
    },
  },
  teamType: {
    unit: 'category',
    scale: null,
    decimals: 0,
    period: 'day',
    text: {
      ru: { label: 'Тип команды', caption: 'Запуск — новички больше половины; рост — экспертиза растёт; иначе поддержка.' },
      en: { label: 'Team type', caption: 'Launch: newcomers are more than half; growth: expertise is rising; otherwise support.' },
    },
  },
  orientation: {
    unit: 'category',
    scale: null,
    decimals: 0,
    period: 'day',
    text: {
      ru: { label: 'Направленность', caption: 'Порядок К, П и Л команды от сильнейшего.' },
      en: { label: 'Orientation', caption: "The order of the team's K, P and L, strongest first." },
    },
  },
} satisfies Record<string, IndicatorMeta>;
export type TeamIndicatorKey = keyof typeof TEAM_INDICATOR_META;

/** The comparison's rows (contracts CompareIndicators): ranked ones first, then what describes the teams. */
export const COMPARE_INDICATOR_META = {
  kMean: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Квалификация К', caption: 'Средняя по участникам, от 0 до 100.' },
      en: { label: 'Qualification K', caption: 'Mean of the members, 0 to 100.' },
    },
  },
  pMean: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Профессионализм П', caption: 'Средний по участникам, от 0 до 100.' },
      en: { label: 'Professionalism P', caption: 'Mean of the members, 0 to 100.' },
    },
  },
  lMean: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Зрелость Л', caption: 'Средняя по участникам, от 0 до 100.' },
      en: { label: 'Maturity L', caption: 'Mean of the members, 0 to 100.' },
    },
  },
  powerPerPerson: {
    unit: 'points',
    scale: score,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Сила на участника', caption: 'Текущая сила команды, делённая на число участников, от 0 до 100.' },
      en: { label: 'Power per member', caption: "The team's current power divided by its members, 0 to 100." },
    },
  },
  cohesion: { ...TEAM_INDICATOR_META.cohesion },
  performance: { ...TEAM_INDICATOR_META.performance },
  managementFit: { ...TEAM_INDICATOR_META.managerSuitability },
  unitingEffect: { ...TEAM_INDICATOR_META.teamingEffect },
  atmosphere: { ...TEAM_INDICATOR_META.microclimate },
  teamPower: {
    unit: 'points',
    scale: perMember,
    decimals: 1,
    period: 'day',
    text: {
      ru: { label: 'Сила команды', caption: 'Текущая сила всей команды: растёт с её размером, поэтому не сравнивается.' },
      en: { label: 'Team power', caption: "The whole team's current power: it grows with size, so it is not ranked." },
    },
  },
  maxPower: {
    unit: 'points',
    scale: perMember,
    decimals: 1,
    period: 'year',
    text: {
      ru: { label: 'Наибольшая сила за год', caption: 'Наибольшая текущая сила команды за прогнозный год.' },
      en: { label: 'Highest power in the year', caption: "The team's highest current power over the forecast year." },
    },
  },
  avgPower: {
    unit: 'points',
    scale: perMember,
    decimals: 1,
    period: 'year',
    text: {
      ru: { label: 'Средняя сила за год', caption: 'Средняя текущая сила команды за прогнозный год.' },
      en: { label: 'Mean power over the year', caption: "The team's mean current power over the forecast year." },
    },
  },
  monthsTogether: {
    unit: 'months',
    scale: { min: 0, max: null },
    decimals: 1,
    period: 'year',
    text: {
      ru: { label: 'Месяцев вместе', caption: 'Сколько в среднем пары итоговой команды проработали вместе.' },
      en: { label: 'Months together', caption: "How long the final team's pairs have worked together, on average." },
    },
  },
  launch: {
    unit: 'percent',
    scale: score,
    decimals: 0,
    period: 'year',
    text: {
      ru: { label: 'Запуск', caption: 'Доля прогнозного года в типе «запуск».' },
      en: { label: 'Launch', caption: 'Share of the forecast year as a launch team.' },
    },
  },
  growth: {
    unit: 'percent',
    scale: score,
    decimals: 0,
    period: 'year',
    text: {
      ru: { label: 'Рост', caption: 'Доля прогнозного года в типе «рост».' },
      en: { label: 'Growth', caption: 'Share of the forecast year as a growth team.' },
    },
  },
  support: {
    unit: 'percent',
    scale: score,
    decimals: 0,
    period: 'year',
    text: {
      ru: { label: 'Поддержка', caption: 'Доля прогнозного года в типе «поддержка».' },
      en: { label: 'Support', caption: 'Share of the forecast year as a support team.' },
    },
  },
  teamType: { ...TEAM_INDICATOR_META.teamType },
  leads: {
    unit: 'count',
    scale: { min: 0, max: null },
    decimals: 0,
    period: 'year',
    text: { ru: { label: 'Лиды', caption: 'Сколько человек были лидами за год.' }, en: { label: 'Leads', caption: 'How many people led during the year.' } },
  },
  participants: {
    unit: 'count',
    scale: { min: 0, max: null },
    decimals: 0,
    period: 'year',
    text: {
      ru: { label: 'Участники', caption: 'Сколько человек работали в команде за год.' },
      en: { label: 'Members', caption: 'How many people worked in the team during the year.' },
    },
  },
  managers: {
    unit: 'count',
    scale: { min: 0, max: null },
    decimals: 0,
    period: 'year',
    text: {
      ru: { label: 'Руководители', caption: 'Сколько человек руководили командой за год.' },
      en: { label: 'Managers', caption: 'How many people managed the team during the year.' },
    },
  },
  profile: { ...TEAM_INDICATOR_META.orientation },
} satisfies Record<string, IndicatorMeta>;
export type CompareIndicatorKey = keyof typeof COMPARE_INDICATOR_META;

/** How a comparison names its best team, per language (shown under the comparison). */
export const COMPARE_WINNER_RULE: Record<Locale, string> = {
  ru: 'Лучшей считается команда с наибольшим значением показателя через год. Сравниваются только показатели, не зависящие от размера команды (средние на участника и общекомандные шкалы); суммы, численность, доли и типы описывают команды, но не ранжируют их. Вероятность — доля прогнозов с учётом неопределённости, в которых команда лучшая.',
  en: 'The best team is the one with the highest value of an indicator after a year. Only indicators that do not depend on team size are ranked (means per member and team-level scales); totals, head counts, shares and types describe the teams without ranking them. The probability is the share of forecasts, with their uncertainty, in which the team is the best.',
};

/** Words saying which period a value belongs to, for labels where two screens could mean different things. */
export const PERIOD_TEXT: Record<Locale, Record<IndicatorPeriod | 'afterYear', string>> = {
  ru: { day: 'в выбранный день', afterYear: 'через год', year: 'за прогнозный год' },
  en: { day: 'on the chosen day', afterYear: 'after a year', year: 'over the forecast year' },
};

/** The letters of qualification, professionalism and maturity in the reader's language. */
export const KPL_LETTERS: Record<Locale, { k: string; p: string; l: string }> = { ru: { k: 'К', p: 'П', l: 'Л' }, en: { k: 'K', p: 'P', l: 'L' } };

/** An orientation code ('КПЛ', 'ПЛК', 'ЛКП', as the engine stores it) in the reader's letters. */
export function orientationText(code: string, locale: Locale): string {
  const letters = KPL_LETTERS[locale];
  return [...code].map((c) => (c === 'К' ? letters.k : c === 'П' ? letters.p : c === 'Л' ? letters.l : c)).join('');
}
