import { NO_ANSWER, type Condition, type DependsOn, type Question, type QuestionnaireKind, type QuestionOption, type Step } from '@teamcast/contracts';

/**
 * The questionnaires Teamcast ships with, seeded at start-up when a kind has none. Administrators edit them afterwards.
 * Neuron names are the scoring model's feature keys; docs/questionnaires.md lists them for the scoring side.
 */

const text = (ru: string, en: string) => ({ ru, en });
const option = (value: string | number, ru: string, en: string, groupId?: string): QuestionOption =>
  groupId ? { value, label: text(ru, en), groupId } : { value, label: text(ru, en) };
const noAnswer = option(NO_ANSWER, 'Нет ответа', 'Prefer not to answer');
const yesNo = [option('Да', 'Да', 'Yes'), option('Нет', 'Нет', 'No')];

type Extra = Partial<Omit<Question, 'neuronName' | 'type' | 'text'>>;
const question = (neuronName: string, type: Question['type'], ru: string, en: string, extra: Extra = {}): Question => ({
  neuronName,
  type,
  text: text(ru, en),
  options: [],
  scope: 'self',
  ...extra,
});
const slider = (neuronName: string, ru: string, en: string, min: number, max: number, extra: Extra = {}) =>
  question(neuronName, 'slider', ru, en, { min, max, step: 1, ...extra });
const select = (neuronName: string, ru: string, en: string, options: QuestionOption[], extra: Extra = {}) =>
  question(neuronName, 'select', ru, en, { options, ...extra });

const when = (scope: DependsOn['scope'], ...conditions: Condition[]): DependsOn => ({ scope, conditions });
const equal = (neuronName: string, value: string | number): Condition => ({ neuronName, operator: 'equal', value });
const more = (neuronName: string, value: number): Condition => ({ neuronName, operator: 'more', value });
const less = (neuronName: string, value: number): Condition => ({ neuronName, operator: 'less', value });

const gender = select('С_Пол', 'Ваш пол', 'Your gender', [option('М', 'Мужской', 'Male'), option('Ж', 'Женский', 'Female')]);
const age = slider('С_Возр', 'Ваш возраст, полных лет', 'Your age, full years', 14, 90);

const aboutYou: Step = {
  key: 'about',
  title: text('О себе', 'About you'),
  questions: [
    gender,
    age,
    select('С_Учёба_Сейчас', 'Вы сейчас учитесь?', 'Are you studying now?', yesNo, { dependsOn: when('and', less('С_Возр', 25)) }),
    question('С_Языки', 'dropdown', 'Какими языками вы владеете?', 'Which languages do you speak?', {
      options: [
        option('Русский', 'Русский', 'Russian'),
        option('Английский', 'Английский', 'English'),
        option('Немецкий', 'Немецкий', 'German'),
        option('Французский', 'Французский', 'French'),
        option('Испанский', 'Испанский', 'Spanish'),
        option('Китайский', 'Китайский', 'Chinese'),
        option('Другой', 'Другой', 'Another'),
      ],
    }),
    select('С_Переводчик', 'Работали ли вы переводчиком?', 'Have you worked as a translator?', yesNo, { dependsOn: when('and', more('С_Языки', 1)) }),
    select('С_Переезд', 'Сколько раз вы переезжали в другой город или страну?', 'How many times have you moved to another city or country?', [
      option(0, 'Ни разу', 'Never'),
      option(1, 'Один раз', 'Once'),
      option(2, '2–3 раза', '2–3 times'),
      option(4, 'Больше трёх раз', 'More than three times'),
    ]),
  ],
};

const schoolTypes = [
  option('Общеобразовательная', 'Общеобразовательная школа', 'General school', 'general'),
  option('Гимназия', 'Гимназия или лицей', 'Gymnasium or lyceum', 'general'),
  option('Профильная', 'Профильная (физико-математическая, языковая и т. п.)', 'Specialised (maths, languages, etc.)', 'special'),
  option('Интернат', 'Школа-интернат', 'Boarding school', 'special'),
  option('Вечерняя', 'Вечерняя или заочная', 'Evening or distance school', 'special'),
  option('Домашнее', 'Домашнее обучение', 'Home schooling', 'special'),
  noAnswer,
];
const schoolPlaces = [
  option('Столица', 'Столица', 'Capital city'),
  option('Крупный_город', 'Крупный город', 'Large city'),
  option('Малый_город', 'Небольшой город', 'Small town'),
  option('Село', 'Село или деревня', 'Village'),
  option('Зарубеж', 'За рубежом', 'Abroad'),
  noAnswer,
];

const education: Step = {
  key: 'education',
  title: text('Образование', 'Education'),
  questions: [
    question('С_Школа_Типы', 'multiselect', 'В каких школах вы учились?', 'Which kinds of school did you attend?', { options: schoolTypes }),
    question('С_Школа_Места', 'dropdown', 'Где находились ваши школы?', 'Where were your schools?', { options: schoolPlaces }),
    slider('С_Школа_Кол', 'Сколько школ вы сменили за время учёбы?', 'How many schools did you attend?', 1, 10),
    select(
      'С_Школа_Причина',
      'Почему вы меняли школу?',
      'Why did you change schools?',
      [
        option('Переезд', 'Переезд семьи', 'The family moved'),
        option('Уровень', 'Ради более сильной школы', 'For a stronger school'),
        option('Конфликт', 'Конфликт в школе', 'A conflict at school'),
        option('Другое', 'Другое', 'Other'),
        noAnswer,
      ],
      { dependsOn: when('and', more('С_Школа_Кол', 1)) },
    ),
    select('С_Колледж', 'Учились ли вы в колледже или техникуме?', 'Did you attend a vocational school or college?', [
      option('Нет', 'Нет', 'No'),
      option('Не_окончил', 'Да, не окончил(а)', 'Yes, did not finish'),
      option('Окончил', 'Да, окончил(а)', 'Yes, graduated'),
      noAnswer,
    ]),
    select('С_ВУЗ', 'Высшее образование', 'University education', [
      option('Нет', 'Нет', 'None'),
      option('Неоконченное', 'Неоконченное высшее', 'Incomplete'),
      option('Бакалавр', 'Бакалавр', "Bachelor's"),
      option('Специалист', 'Специалист', "Specialist's"),
      option('Магистр', 'Магистр', "Master's"),
      noAnswer,
    ]),
    select(
      'С_Степень',
      'Учёная степень',
      'Academic degree',
      [
        option('Нет', 'Нет', 'None'),
        option('Кандидат', 'Кандидат наук или PhD', 'Candidate of sciences or PhD'),
        option('Доктор', 'Доктор наук', 'Doctor of sciences'),
        noAnswer,
      ],
      { dependsOn: when('or', equal('С_ВУЗ', 'Специалист'), equal('С_ВУЗ', 'Магистр')) },
    ),
    select('С_Курсы', 'Сколько профессиональных курсов вы окончили?', 'How many professional courses have you completed?', [
      option(0, 'Ни одного', 'None'),
      option(1, '1–2', '1–2'),
      option(3, '3–5', '3–5'),
      option(6, 'Больше пяти', 'More than five'),
      noAnswer,
    ]),
  ],
};

const experience: Step = {
  key: 'experience',
  title: text('Опыт', 'Experience'),
  questions: [
    select('С_Служба', 'Служили ли вы в армии или силовых структурах?', 'Have you served in the army or another uniformed service?', [
      option('Нет', 'Нет', 'No'),
      option('Срочная', 'Срочная служба', 'Conscript service'),
      option('Контракт', 'Служба по контракту', 'Contract service'),
      option('Силовые', 'Полиция, МЧС и другие службы', 'Police, rescue or another service'),
    ]),
    slider('С_Стаж', 'Общий стаж работы, лет', 'Total work experience, years', 0, 60),
    slider('С_Руков_Стаж', 'Из них на руководящих должностях, лет', 'Of which in managerial positions, years', 0, 60, {
      dependsOn: when('and', more('С_Стаж', 0)),
    }),
    select(
      'С_Подчинённые',
      'Наибольшее число ваших подчинённых',
      'The largest number of people you managed',
      [option(5, 'До 5', 'Up to 5'), option(20, '6–20', '6–20'), option(100, '21–100', '21–100'), option(101, 'Больше 100', 'More than 100')],
      { dependsOn: when('and', more('С_Стаж', 0), more('С_Руков_Стаж', 0)) },
    ),
    select('С_Бизнес', 'Был ли у вас свой бизнес?', 'Have you run your own business?', [
      option('Нет', 'Нет', 'No'),
      option('Пробовал', 'Пробовал(а), закрыл(а)', 'Tried and closed it'),
      option('Есть', 'Да, есть сейчас', 'Yes, I run one now'),
    ]),
    slider('С_Бизнес_Лет', 'Сколько лет вы занимались своим бизнесом?', 'How many years did you run a business?', 0, 60, {
      dependsOn: when('or', equal('С_Бизнес', 'Пробовал'), equal('С_Бизнес', 'Есть')),
    }),
    question('С_Опыт_Сумма', 'formula', 'Стаж вместе с предпринимательским, лет', 'Experience including business, years', {
      formula: { sum: ['С_Стаж', 'С_Бизнес_Лет'] },
    }),
  ],
};

const parentLife = (neuronName: string, ru: string, en: string) =>
  select(neuronName, ru, en, [
    option('Жив', 'Жив(а)', 'Alive'),
    option('До_18', 'Умер(ла), когда мне не было 18', 'Died before I turned 18'),
    option('После_18', 'Умер(ла), когда мне было 18 или больше', 'Died when I was 18 or older'),
    noAnswer,
  ]);

const family: Step = {
  key: 'family',
  title: text('Семья', 'Family'),
  questions: [
    select('С_Проживание', 'С кем вы живёте?', 'Who do you live with?', [
      option('Один', 'Один / одна', 'Alone'),
      option('Партнёр', 'С партнёром', 'With a partner'),
      option('Родители', 'С родителями', 'With my parents'),
      option('Друзья', 'С друзьями или соседями', 'With friends or flatmates'),
      noAnswer,
    ]),
    slider('С_Партнёр_Стаж', 'Сколько лет вы вместе с партнёром?', 'How many years have you been with your partner?', 0, 70, {
      dependsOn: when('and', equal('С_Проживание', 'Партнёр')),
    }),
    slider('С_Партнёр_Возр', 'Возраст партнёра', "Your partner's age", 14, 100, { dependsOn: when('and', equal('С_Проживание', 'Партнёр')) }),
    slider('С_Дети', 'Сколько у вас детей?', 'How many children do you have?', 0, 15),
    question('С_Дети_Возр', 'range', 'Возраст детей: от младшего до старшего', "Children's ages, youngest to oldest", {
      min: 0,
      max: 70,
      step: 1,
      dependsOn: when('and', more('С_Дети', 0)),
    }),
    parentLife('С_Мать', 'Ваша мать', 'Your mother'),
    parentLife('С_Отец', 'Ваш отец', 'Your father'),
    slider('С_Сиблинги', 'Сколько у вас братьев и сестёр?', 'How many brothers and sisters do you have?', 0, 15),
    select(
      'С_Сиблинг_Порядок',
      'Вы в семье',
      'In your family you are',
      [
        option('Старший', 'Старший ребёнок', 'The eldest'),
        option('Средний', 'Средний ребёнок', 'A middle child'),
        option('Младший', 'Младший ребёнок', 'The youngest'),
        noAnswer,
      ],
      { dependsOn: when('and', more('С_Сиблинги', 0)) },
    ),
    select('С_Утрата', 'Переживали ли вы утрату близкого человека?', 'Have you lost someone close to you?', [
      option('Нет', 'Нет', 'No'),
      option('Родственник', 'Да, близкого родственника', 'Yes, a close relative'),
      option('Друг', 'Да, близкого друга', 'Yes, a close friend'),
      noAnswer,
    ]),
  ],
};

/**
 * Work style: how a person works with others, on a 5-point agreement scale (1 strongly disagree … 5 strongly agree).
 * Work forecasts read these answers for the actor and partner effects instead of the career record (K, P, L and years
 * of experience), which grows with age (docs/forecast-model.md, section 1.2). The neuron names are the engine's inputs
 * (scoring/work-style.ts); they are no features of K, P, L.
 */
const agreement = [
  option(1, 'Совсем не согласен(на)', 'Strongly disagree'),
  option(2, 'Скорее не согласен(на)', 'Disagree'),
  option(3, 'Ни да, ни нет', 'Neither agree nor disagree'),
  option(4, 'Скорее согласен(на)', 'Agree'),
  option(5, 'Полностью согласен(на)', 'Strongly agree'),
];
const styleItem = (neuronName: string, ru: string, en: string) => select(neuronName, ru, en, agreement);

const workStyle: Step = {
  key: 'workstyle',
  title: text('Как вы работаете с людьми', 'How you work with others'),
  questions: [
    styleItem(
      'С_Стиль_Помощь',
      'Я охотно помогаю коллегам с их задачами, даже если это не входит в мои обязанности',
      'I readily help colleagues with their tasks, even when it is not part of my job',
    ),
    styleItem(
      'С_Стиль_Компромисс',
      'В споре с коллегой я ищу решение, которое устроит нас обоих',
      'In a dispute with a colleague I look for a solution that works for both of us',
    ),
    styleItem('С_Стиль_Обещания', 'Если я пообещал(а) что-то коллегам, я делаю это в срок', 'When I promise colleagues something, I deliver it on time'),
    styleItem('С_Стиль_План', 'Я заранее планирую свою работу, а не действую по обстановке', 'I plan my work ahead rather than improvise as I go'),
    styleItem(
      'С_Стиль_Давление',
      'Когда сроки поджимают, я сохраняю спокойствие и работаю ровно',
      'When deadlines press, I stay calm and keep working steadily',
    ),
    styleItem('С_Стиль_Идеи', 'Я меняю свой подход, если коллега предлагает идею лучше', 'I change my approach when a colleague suggests a better idea'),
    styleItem(
      'С_Стиль_Несогласие',
      'Если я не согласен(на) с коллегой, я прямо говорю ему об этом',
      'When I disagree with a colleague, I tell them so directly',
    ),
    styleItem(
      'С_Стиль_Самостоятельность',
      'Мне больше нравится работать самостоятельно, чем в тесном взаимодействии с другими',
      'I prefer working on my own to working in close collaboration with others',
    ),
  ],
};

const pick = (step: Step, neurons: string[]): Step => ({ ...step, questions: step.questions.filter((q) => neurons.includes(q.neuronName)) });

const loveGender = gender;
const meetingPlace = [
  option('Работа', 'На работе', 'At work'),
  option('Учёба', 'На учёбе', 'At school or university'),
  option('Друзья', 'Через друзей', 'Through friends'),
  option('Интернет', 'В интернете', 'Online'),
  option('Случайно', 'Случайно', 'By chance'),
];
const weekend = [
  option('Дома', 'Дома, спокойно', 'At home, quietly'),
  option('Друзья', 'С друзьями', 'With friends'),
  option('Природа', 'На природе', 'Outdoors'),
  option('Активно', 'Активно: спорт, поездки', 'Actively: sport, trips'),
];
const loveLanguage = [
  option('Слова', 'Слова поддержки', 'Words of affirmation'),
  option('Время', 'Время вместе', 'Quality time'),
  option('Подарки', 'Подарки', 'Gifts'),
  option('Помощь', 'Помощь и забота', 'Acts of service'),
  option('Прикосновения', 'Прикосновения', 'Physical touch'),
];
const challenge = [
  option('Ревность', 'Ревность', 'Jealousy'),
  option('Быт', 'Быт', 'Household routine'),
  option('Деньги', 'Деньги', 'Money'),
  option('Расстояние', 'Расстояние', 'Distance'),
  option('Родственники', 'Родственники', 'Relatives'),
];
const distance = [
  option('Вместе', 'Живём вместе', 'We live together'),
  option('Город', 'В одном городе', 'In one city'),
  option('Далеко', 'В разных городах или странах', 'In different cities or countries'),
];

const love: Step[] = [
  {
    key: 'about',
    title: text('О себе', 'About you'),
    questions: [
      loveGender,
      select('Л_Место_Знакомства', 'Где вы познакомились или хотели бы познакомиться?', 'Where did you meet, or where would you like to meet?', meetingPlace),
      question('Л_Интересы', 'multiselect', 'Что вам интересно разделить с партнёром?', 'What would you like to share with a partner?', {
        options: [
          option('Спорт', 'Спорт', 'Sport'),
          option('Путешествия', 'Путешествия', 'Travel'),
          option('Кино', 'Кино и сериалы', 'Films and series'),
          option('Музыка', 'Музыка', 'Music'),
          option('Книги', 'Книги', 'Books'),
          option('Кулинария', 'Кулинария', 'Cooking'),
          option('Игры', 'Игры', 'Games'),
        ],
      }),
    ],
  },
  {
    key: 'together',
    title: text('Вместе', 'Together'),
    questions: [
      slider(
        'Л_Баланс',
        'Баланс: сколько вы отдаёте в отношениях по сравнению с тем, что получаете (1 — меньше, 10 — больше)',
        'Balance: how much you give compared with what you receive (1 less, 10 more)',
        1,
        10,
      ),
      select('Л_Выходные', 'Идеальные выходные', 'Your ideal weekend', weekend),
      select('Л_Расстояние', 'Где вы живёте относительно партнёра?', 'Where do you live relative to your partner?', distance),
      slider('Л_Время_Вместе', 'Сколько часов в неделю вы хотите проводить вместе?', 'How many hours a week do you want to spend together?', 0, 112),
    ],
  },
  {
    key: 'feelings',
    title: text('Чувства', 'Feelings'),
    questions: [
      slider('Л_Притяжение', 'Насколько для вас важно притяжение (1–10)?', 'How important is attraction to you (1–10)?', 1, 10),
      select('Л_Язык_Любви', 'Ваш язык любви', 'Your love language', loveLanguage),
      select('Л_Испытание', 'Самое трудное испытание для пары', 'The hardest challenge for a couple', challenge),
      select(
        'Л_Второй_Шанс',
        'Дадите ли вы второй шанс после серьёзной ссоры?',
        'Would you give a second chance after a serious quarrel?',
        [option('Да', 'Да', 'Yes'), option('Нет', 'Нет', 'No'), option('Зависит', 'Зависит от ситуации', 'It depends')],
        { dependsOn: when('and', more('Л_Притяжение', 3)) },
      ),
    ],
  },
];

const both = (q: Question): Question => ({ ...q, scope: 'both' });
const pair = (q: Question): Question => ({ ...q, scope: 'pair' });

const couple: Step[] = [
  {
    key: 'partners',
    title: text('Вы и партнёр', 'You and your partner'),
    questions: [
      both(gender),
      both(age),
      both(select('Л_Язык_Любви', 'Язык любви', 'Love language', loveLanguage)),
      both(slider('Л_Притяжение', 'Притяжение к партнёру (1–10)', 'Attraction to the partner (1–10)', 1, 10)),
    ],
  },
  {
    key: 'couple',
    title: text('Ваша пара', 'Your couple'),
    questions: [
      pair(slider('П_Стаж', 'Сколько лет вы вместе?', 'How many years have you been together?', 0, 70)),
      pair(select('П_Место_Знакомства', 'Где вы познакомились?', 'Where did you meet?', meetingPlace)),
      pair(select('П_Расстояние', 'Где вы живёте?', 'Where do you live?', distance)),
      pair(slider('П_Время_Вместе', 'Часов в неделю вместе', 'Hours a week together', 0, 112)),
      pair(select('П_Испытание', 'Самое трудное для вашей пары', 'The hardest thing for your couple', challenge)),
      pair(
        select('П_Второй_Шанс', 'Давали ли вы друг другу второй шанс?', 'Have you given each other a second chance?', yesNo, {
          dependsOn: when('or', more('П_Стаж', 1), equal('П_Испытание', 'Ревность')),
        }),
      ),
    ],
  },
  {
    key: 'leisure',
    title: text('Досуг', 'Leisure'),
    questions: [
      both(select('Л_Выходные', 'Идеальные выходные', 'Ideal weekend', weekend)),
      both(slider('Л_Баланс', 'Баланс отдачи (1–10)', 'Balance of giving (1–10)', 1, 10)),
    ],
  },
];

/**
 * A shipped questionnaire. `replaces`: the steps of the revision shipped before it. A stored questionnaire is never
 * changed (its profiles' answers stay valid against it), so a new revision is seeded as a new questionnaire, and only
 * where the kind's current questionnaire is the earlier shipped revision, unedited (an administrator's own or edited
 * questionnaire is left as he made it).
 */
export type ShippedQuestionnaire = { kind: QuestionnaireKind; name: string; steps: Step[]; replaces?: Step[] };

export const shippedQuestionnaires: ShippedQuestionnaire[] = [
  // Revision 2 adds the work-style block (after experience); revision 1 had no such step.
  {
    kind: 'standard',
    name: 'Стандартная анкета',
    steps: [aboutYou, education, experience, workStyle, family],
    replaces: [aboutYou, education, experience, family],
  },
  // The short variant stays without the block: it is the quick one, filled in one go (owners' API and wizard); its
  // work forecasts read the population's work style with a wider band, and an upgrade to the full one asks the block.
  {
    kind: 'short',
    name: 'Короткая анкета',
    steps: [
      pick(aboutYou, ['С_Пол', 'С_Возр']),
      pick(education, ['С_ВУЗ', 'С_Степень']),
      pick(experience, ['С_Стаж', 'С_Руков_Стаж']),
      pick(family, ['С_Проживание', 'С_Дети']),
    ],
  },
  { kind: 'love', name: 'Любовная анкета', steps: love },
  { kind: 'couple', name: 'Анкета пары', steps: couple },
];
