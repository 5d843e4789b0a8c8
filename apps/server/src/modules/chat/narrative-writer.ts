import type { ConditionBand, Locale, PairKind, PairResult } from '@teamcast/contracts';

/** The figures a narrative is written from: the result as the reader may see it and the two people's names. */
export type NarrativeInput = { result: PairResult; names: [string, string]; locale: Locale };

const BAND: Record<Locale, Record<ConditionBand, string>> = {
  en: { depressed: 'depressed', bad: 'bad', anxious: 'anxious', good: 'good', excellent: 'excellent' },
  ru: { depressed: 'подавленное', bad: 'плохое', anxious: 'тревожное', good: 'хорошее', excellent: 'отличное' },
};

/** Recommendation levels 1 (worst) … 6 (best), for work pairs and for love and friendship. */
const RECOMMENDATION: Record<Locale, Record<'work' | 'love', string[]>> = {
  en: {
    work: [
      'we strongly advise against putting them together',
      'we advise against it unless someone supports them closely',
      'possible with clear rules and regular check-ins',
      'workable; expect ordinary friction',
      'recommended: a good working pair',
      'highly recommended: an excellent working match',
    ],
    love: [
      'a very hard match; think it over carefully',
      'a difficult match that needs a lot of care',
      'possible, with patience and honest talk',
      'a fair match with ordinary ups and downs',
      'a good match',
      'an excellent match',
    ],
  },
  ru: {
    work: [
      'настоятельно не рекомендуем ставить их вместе',
      'не рекомендуем без плотной поддержки',
      'возможно при чётких правилах и регулярных встречах',
      'рабочий вариант, возможны обычные трения',
      'рекомендуем: хорошая рабочая пара',
      'очень рекомендуем: отличное рабочее сочетание',
    ],
    love: [
      'очень трудное сочетание, стоит всё взвесить',
      'непростое сочетание, потребует много внимания',
      'возможно при терпении и честном разговоре',
      'неплохое сочетание с обычными взлётами и падениями',
      'хорошее сочетание',
      'отличное сочетание',
    ],
  },
};

const INPUT: Record<Locale, Record<string, string>> = {
  en: {
    k: 'qualification (K)',
    p: 'professionalism (P)',
    l: 'maturity (L)',
    familyStability: 'family stability',
    workExperience: 'work experience',
    relocation: 'experience of moving',
    entrepreneurship: 'business experience',
    lSimilarity: 'similar maturity',
    ageGap: 'the age difference',
    mentoring: 'the chance to learn from each other',
    intensity: 'hours together per week',
    mode: 'office or remote work',
    quality: "the manager's influence",
    'style.cooperation': 'cooperation with colleagues',
    'style.reliability': 'keeping commitments',
    'style.steadiness': 'steadiness under pressure',
    'style.openness': "openness to others' ideas",
    'style.planningFit': 'a similar way of planning work',
    'style.autonomyFit': 'compatible wishes for autonomy',
    intimacy: 'closeness',
    passion: 'attraction',
    commitment: 'commitment',
    commitmentMatch: 'equal commitment of both',
  },
  ru: {
    k: 'квалификация (К)',
    p: 'профессионализм (П)',
    l: 'зрелость (Л)',
    familyStability: 'стабильность в семье',
    workExperience: 'опыт работы',
    relocation: 'опыт переездов',
    entrepreneurship: 'опыт предпринимательства',
    lSimilarity: 'близкая зрелость',
    ageGap: 'разница в возрасте',
    mentoring: 'возможность учиться друг у друга',
    intensity: 'часы вместе в неделю',
    mode: 'работа в офисе или удалённо',
    quality: 'влияние руководителя',
    'style.cooperation': 'готовность сотрудничать',
    'style.reliability': 'выполнение обещаний',
    'style.steadiness': 'спокойствие под давлением',
    'style.openness': 'открытость чужим идеям',
    'style.planningFit': 'похожая манера планировать работу',
    'style.autonomyFit': 'совместимое желание самостоятельности',
    intimacy: 'близость',
    passion: 'влечение',
    commitment: 'готовность к обязательствам',
    commitmentMatch: 'равная готовность к обязательствам',
  },
};

/** Heading names of the love model's reports (docs/love-model.md, section 5). */
const HEADING: Record<Locale, Record<string, string>> = {
  en: { passion: 'passion', intimacy: 'intimacy', commitment: 'commitment', enjoyment: 'enjoyment', trust: 'trust', support: 'support' },
  ru: { passion: 'страсть', intimacy: 'близость', commitment: 'обязательства', enjoyment: 'удовольствие от общения', trust: 'доверие', support: 'поддержка' },
};

const round = (x: number) => Math.round(x);
const signed = (x: number) => (x > 0 ? `+${round(x)}` : String(round(x)));

/** Month name and year of an ISO date in the reader's language, e.g. 'March 2026' / 'март 2026'. */
export function monthLabel(isoDay: string, locale: Locale): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  return `${new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(date)} ${date.getUTCFullYear()}`;
}

export const bandWord = (band: ConditionBand, locale: Locale) => BAND[locale][band];

const group = (kind: PairKind): 'work' | 'love' => (kind === 'work' ? 'work' : 'love');

/**
 * The built-in writer: composes the report from the figures alone, so it can never contradict them. A locked love
 * report gets the summary only, as the reader sees it.
 */
export function writeNarrative({ result, names, locale }: NarrativeInput): string[] {
  const [a, b] = names;
  const { compatibility, yearlySatisfaction, recommendation } = result.summary;
  const band = bandWord(compatibility.band, locale);
  const advice = RECOMMENDATION[locale][group(result.kind)][recommendation - 1]!;
  const en = locale === 'en';
  const paragraphs = [
    en
      ? `${a} and ${b}: over the year their compatibility averages ${round(compatibility.value)} on a scale from −100 to 100; the relationship is ${band}. Average yearly satisfaction is ${round(yearlySatisfaction)}%. Recommendation ${recommendation} of 6: ${advice}.`
      : `${a} и ${b}: за год совместимость в среднем ${round(compatibility.value)} по шкале от −100 до 100 — ${band} состояние отношений. Средняя удовлетворённость за год ${round(yearlySatisfaction)}%. Рекомендация ${recommendation} из 6: ${advice}.`,
  ];
  const details = result.details;
  if (!details) {
    paragraphs.push(
      en ? 'The rest of the report opens after the one-off payment for this pair.' : 'Остальная часть отчёта откроется после разовой оплаты этой пары.',
    );
    return paragraphs;
  }
  const best = monthLabel(details.months[details.bestMonth.index]!, locale);
  const worst = monthLabel(details.months[details.worstMonth.index]!, locale);
  paragraphs.push(
    en
      ? `The best month is ${best} (${round(details.bestMonth.value)}); the hardest is ${worst} (${round(details.worstMonth.value)}).`
      : `Лучший месяц — ${best} (${round(details.bestMonth.value)}), самый трудный — ${worst} (${round(details.worstMonth.value)}).`,
  );
  const { firstImpression, reality, verdict } = details.expectations;
  const verdictText = en
    ? {
        better: 'better than the first impression promises',
        as_expected: 'about what the first impression promises',
        worse: 'worse than the first impression promises',
      }[verdict]
    : {
        better: 'лучше, чем обещает первое впечатление',
        as_expected: 'примерно таким, как обещает первое впечатление',
        worse: 'хуже, чем обещает первое впечатление',
      }[verdict];
  paragraphs.push(
    en
      ? `Expectations and reality: the first impression is ${round(firstImpression)}, the level they settle at is ${round(reality)}, ${verdictText}.`
      : `Ожидания и реальность: первое впечатление ${round(firstImpression)}, устойчивый уровень ${round(reality)} — ${verdictText}.`,
  );
  const { settled, trend, settleDay } = details.outlook;
  const outlookBand = bandWord(details.outlook.band, locale);
  const trendText = en
    ? { improving: 'still improving at the end of the year', stable: 'stable by the end of the year', declining: 'still declining at the end of the year' }[
        trend
      ]
    : { improving: 'к концу года всё ещё улучшаются', stable: 'к концу года стабильны', declining: 'к концу года всё ещё ухудшаются' }[trend];
  const settleText =
    settleDay === null
      ? en
        ? 'They do not settle within the year.'
        : 'В пределах года они не успевают устояться.'
      : en
        ? `They settle after about ${settleDay} days.`
        : `Они устанавливаются примерно через ${settleDay} дн.`;
  paragraphs.push(
    en
      ? `Long-term outlook: ${round(settled)} (${outlookBand}); the relations are ${trendText}. ${settleText}`
      : `Долгосрочный прогноз: ${round(settled)} (${outlookBand}); отношения ${trendText}. ${settleText}`,
  );
  if (result.kind !== 'work' && details.blocks.length > 0) {
    const grades = details.blocks.map((block) => `${HEADING[locale][block.name] ?? block.name} ${block.grade}/5`).join(', ');
    paragraphs.push(
      en
        ? `${result.kind === 'LOVE' ? 'The love triangle' : 'The friendship'}: ${grades}. How a particular pair gets on is hard to predict, so the band around the chart is wide; each person's own feelings and commitment say more than how alike they are.`
        : `${result.kind === 'LOVE' ? 'Треугольник любви' : 'Дружба'}: ${grades}. Как сложится именно эта пара, предсказать трудно, поэтому полоса вокруг графика широкая; собственные чувства и обязательства каждого говорят больше, чем сходство.`,
    );
  }
  const top = details.explanation.slice(0, 3);
  if (top.length > 0) {
    const whose = (personId: string | null) => (personId === details.persons[0]?._id ? a : personId === details.persons[1]?._id ? b : null);
    const items = top.map((item) => {
      const label = INPUT[locale][item.input] ?? item.input;
      const person = whose(item.personId);
      return `${label}${person ? ` (${person})` : ''} ${signed(item.points)}`;
    });
    paragraphs.push(en ? `What moves the forecast most: ${items.join('; ')}.` : `Сильнее всего на прогноз влияют: ${items.join('; ')}.`);
  }
  return paragraphs;
}
