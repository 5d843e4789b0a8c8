import { interpolate, type Locale } from './locale-core.ts';
import { clientErrorTexts, type ErrorCode } from './error-codes.ts';

type CatalogueEntry = { status: number; en: string; ru: string };

/**
 * Every error the product can show, with its HTTP status and texts (spec section 8).
 * Entries with status 0 are raised by the client only (no server response behind them).
 */
export const errorCatalogue = {
  validation_failed: { status: 400, en: 'Please check the highlighted field', ru: 'Проверьте выделенное поле' },
  password_too_common: {
    status: 400,
    en: 'This password is among the most common ones. Choose another',
    ru: 'Этот пароль слишком распространён. Выберите другой',
  },
  bad_request: { status: 400, en: 'The request could not be understood', ru: 'Запрос не удалось разобрать' },
  invalid_credentials: { status: 401, en: "Please check the data you've entered and try again", ru: 'Проверьте введённые данные и попробуйте ещё раз' },
  wrong_current_password: { status: 400, en: 'The current password is wrong', ru: 'Текущий пароль указан неверно' },
  sign_in_link_required: {
    status: 429,
    en: 'Too many wrong passwords for this account. Sign in with a link sent by e-mail',
    ru: 'Слишком много неверных паролей для этой учётной записи. Войдите по ссылке из письма',
  },
  unauthorized: { status: 401, en: 'Please sign in', ru: 'Войдите в систему' },
  forbidden: { status: 403, en: 'You do not have access to this', ru: 'У вас нет доступа к этому разделу' },
  verify_account: { status: 403, en: 'Verify your account', ru: 'Подтвердите свою учётную запись' },
  user_deleted: { status: 403, en: 'this user has been deleted', ru: 'этот пользователь удалён' },
  team_limit_reached: {
    status: 403,
    en: 'The maximum number of teams in your subscription has been reached',
    ru: 'Достигнуто максимальное количество команд в подписке',
  },
  not_found: { status: 404, en: 'Not found', ru: 'Не найдено' },
  user_not_found: { status: 404, en: 'this user was not found', ru: 'этот пользователь не найден' },
  reset_user_not_found: { status: 404, en: 'Sorry, the user was not found in the database', ru: 'К сожалению, пользователь не найден в базе данных' },
  profile_not_found: { status: 404, en: 'Profile not found', ru: 'Профиль не найден' },
  monitor_not_found: { status: 404, en: 'This team or pair is not monitored', ru: 'Эта команда или пара не на мониторе' },
  monitor_exists: { status: 409, en: 'This team or pair is already monitored', ru: 'Эта команда или пара уже на мониторе' },
  forecast_required: {
    status: 409,
    en: 'Compute the forecast first: the monitor holds check-ins against it',
    ru: 'Сначала рассчитайте прогноз: монитор сравнивает с ним ответы',
  },
  check_in_answered: {
    status: 409,
    en: 'You have already answered this month. The next check-in opens on the first day of next month',
    ru: 'Вы уже ответили в этом месяце. Следующий опрос откроется в первый день следующего месяца',
  },
  member_not_found: { status: 404, en: 'This person is not a member of the monitored team', ru: 'Этого человека нет в команде на мониторе' },
  compatibility_not_found: { status: 404, en: 'Compatibility does not exist', ru: 'Совместимость не существует' },
  pair_report_locked: {
    status: 402,
    en: 'The full love report opens after the one-off payment for this pair',
    ru: 'Полный отчёт откроется после разовой оплаты этой пары',
  },
  team_not_found: { status: 404, en: 'Team not exist', ru: 'Команда не существует' },
  comparison_not_found: { status: 404, en: 'Comparison not exist', ru: 'Сравнение не существует' },
  link_invalid: { status: 404, en: 'Check the link or contact its owner', ru: 'Проверь правильность ссылки либо обратитесь к владельцу ссылки' },
  email_in_use: { status: 409, en: 'Email address already in use. Please log in', ru: 'Этот адрес уже используется. Пожалуйста, войдите' },
  username_in_use: { status: 409, en: 'This username is already taken', ru: 'Это имя пользователя уже занято' },
  email_already_verified: { status: 409, en: 'Email address already verified', ru: 'Адрес электронной почты уже подтверждён' },
  shared_profile_exists: { status: 409, en: 'Shared profile already exists', ru: 'Профиль по ссылке уже существует' },
  questionnaire_locked: { status: 409, en: 'Error. A saved questionnaire cannot be changed', ru: 'Ошибка. Сохранённый ранее опросник не может быть изменен' },
  team_changed: { status: 409, en: 'The team has changed!', ru: 'Состав команды изменился!' },
  second_factor_invalid: { status: 400, en: 'The code is wrong or has already been used', ru: 'Код неверный или уже использован' },
  second_factor_expired: { status: 410, en: 'The sign-in has timed out. Sign in again', ru: 'Время на вход истекло. Войдите снова' },
  second_factor_enabled: { status: 409, en: 'Two-step sign-in is already on', ru: 'Двухэтапный вход уже включён' },
  second_factor_disabled: { status: 409, en: 'Two-step sign-in is off', ru: 'Двухэтапный вход выключен' },
  link_expired: { status: 410, en: 'The link has expired', ru: 'Срок действия ссылки истёк' },
  profile_deleted: { status: 410, en: 'Profile deleted', ru: 'Профиль удалён' },
  profile_withdrawn: {
    status: 410,
    en: 'The person withdrew this profile: its answers and scores are deleted and it takes part in no forecast',
    ru: 'Человек отозвал этот профиль: его ответы и оценки удалены, в прогнозах он не участвует',
  },
  uri_too_long: { status: 414, en: 'The address is too long', ru: 'Слишком длинный адрес' },
  payload_too_large: { status: 413, en: 'The request is too large', ru: 'Слишком большой запрос' },
  profile_not_completed: { status: 409, en: 'The profile is not filled in yet', ru: 'Профиль ещё не заполнен' },
  profile_names_required: { status: 422, en: 'Set a name before sending the profile to be filled', ru: 'Задайте имя перед отправкой профиля для заполнения' },
  actors_ineligible: { status: 422, en: 'Every slot needs a filled profile', ru: 'В каждом слоте должен быть заполненный профиль' },
  love_profile_required: {
    status: 422,
    en: '{name} filled in the work questionnaire: love and friendship need a love questionnaire. Send {name} the love questionnaire or pick a love profile',
    ru: '{name} заполнил(а) рабочую анкету, а для любви и дружбы нужна любовная. Отправьте любовную анкету или выберите любовный профиль',
  },
  work_profile_required: {
    status: 422,
    en: '{name} filled in a love questionnaire: work compatibility needs a work questionnaire. Pick a work profile, or run Love or Friendship',
    ru: '{name} заполнил(а) любовную анкету, а для рабочей совместимости нужна рабочая. Выберите рабочий профиль или запустите «Любовь» или «Дружбу»',
  },
  team_too_large: { status: 403, en: 'Your subscription does not include teams this large', ru: 'Ваша подписка не включает команды такого размера' },
  team_too_small: { status: 422, en: 'A team needs at least 2 filled profiles', ru: 'Для команды нужно минимум 2 заполненных профиля' },
  manager_view_too_small: {
    status: 422,
    en: 'The manager view needs more than 2 filled profiles',
    ru: 'Для вида руководителя нужно больше 2 заполненных профилей',
  },
  events_zero_length: { status: 422, en: 'An actor has no events', ru: 'У участника нет событий' },
  actor_not_found: { status: 422, en: 'NOT FOUND ACTOR', ru: 'Участник не найден' },
  class_instance_forbidden: { status: 422, en: 'This kind of object is not allowed here', ru: 'Такой объект здесь не допускается' },
  interaction_settings_failure: { status: 422, en: 'Interaction settings failed, refresh page', ru: 'Ошибка настроек взаимодействия, обновите страницу' },
  subscription_required: { status: 403, en: 'This needs a subscription plan that includes it', ru: 'Для этого нужна подписка, которая это включает' },
  plan_seats_taken: { status: 409, en: 'Every seat of this plan is taken; choose another plan', ru: 'Все места этого тарифа заняты; выберите другой тариф' },
  demo_already_used: { status: 409, en: 'The demo has already been used on this account', ru: 'Демо уже использовано в этой учётной записи' },
  payment_method_required: { status: 400, en: 'Add a card first', ru: 'Сначала добавьте карту' },
  invoice_not_payable: { status: 409, en: 'This invoice cannot be paid', ru: 'Этот счёт нельзя оплатить' },
  subscription_not_active: { status: 409, en: 'There is no subscription to change', ru: 'Нет подписки, которую можно изменить' },
  idempotency_conflict: {
    status: 409,
    en: 'This request key was already used for another or unfinished request',
    ru: 'Этот ключ запроса уже использован для другого или незавершённого запроса',
  },
  webhook_signature_invalid: { status: 400, en: 'The event signature is invalid or too old', ru: 'Подпись события неверна или устарела' },
  card_declined: { status: 402, en: 'Your card was declined', ru: 'Карта отклонена' },
  card_expired: { status: 400, en: 'The card has expired', ru: 'Срок действия карты истёк' },
  insufficient_funds: { status: 402, en: 'Insufficient funds on the card', ru: 'Недостаточно средств на карте' },
  payment_failed: { status: 402, en: 'Payment failed', ru: 'Платеж не прошел' },
  payment_incomplete: { status: 402, en: 'The payment needs confirmation to complete', ru: 'Платёж требует подтверждения' },
  model_not_found: { status: 404, en: 'Model not found', ru: 'Модель не найдена' },
  model_not_ready: { status: 409, en: 'The model is not trained yet', ru: 'Модель ещё не обучена' },
  model_training: { status: 409, en: 'The model is being trained, wait for it to finish', ru: 'Модель обучается, дождитесь окончания' },
  model_not_uploaded: { status: 409, en: 'Upload the model to storage before publishing it', ru: 'Перед публикацией загрузите модель в хранилище' },
  model_outdated: {
    status: 409,
    en: 'This model was trained on an older feature layout (one that reads age, sex or family answers, or the work-style block); train it again',
    ru: 'Модель обучена на старом наборе признаков (с возрастом, полом, семейными ответами или блоком о стиле работы); обучите её заново',
  },
  model_published: {
    status: 409,
    en: 'A published model cannot be trained again; train a new one',
    ru: 'Опубликованную модель нельзя переобучить; обучите новую',
  },
  fairness_below_bar: {
    status: 409,
    en: 'The model fails the bias audit: for {groupEn}, {outcomeEn} has an impact ratio of {ratio} (95 % interval {low}–{high}), below {bar}. To publish it anyway, write a justification',
    ru: 'Модель не проходит аудит предвзятости: для группы «{groupRu}» показатель «{outcomeRu}» имеет коэффициент влияния {ratio} (95 % интервал {low}–{high}), ниже {bar}. Чтобы всё же опубликовать её, напишите обоснование',
  },
  fairness_worse_than_published: {
    status: 409,
    en: 'The model is less fair than the published one: for {groupEn}, {outcomeEn} has an impact ratio of {ratio} against {published}. To publish it anyway, write a justification',
    ru: 'Модель менее справедлива, чем опубликованная: для группы «{groupRu}» показатель «{outcomeRu}» имеет коэффициент влияния {ratio} против {published}. Чтобы всё же опубликовать её, напишите обоснование',
  },
  outcomes_worse_than_published: {
    status: 409,
    en: 'On the real outcomes of the monitor ({n} observed months), the model is worse than the published one: {figureEn} {candidate} against {published} (tolerance {tolerance} at this sample size). To publish it anyway, write a justification',
    ru: 'На реальных исходах монитора (месяцев с ответами: {n}) модель хуже опубликованной: {figureRu} {candidate} против {published} (допуск {tolerance} при таком объёме выборки). Чтобы всё же опубликовать её, напишите обоснование',
  },
  not_enough_labels: {
    status: 422,
    en: 'Training needs at least {count} profiles scored by estimators',
    ru: 'Для обучения нужно не меньше {count} профилей с оценками экспертов',
  },
  rate_limited: { status: 429, en: 'Too many attempts. Try again in a minute', ru: 'Слишком много попыток. Попробуйте через минуту' },
  unexpected_error: { status: 500, ...clientErrorTexts.unexpected_error },
  service_unavailable: {
    status: 503,
    en: 'The service is temporarily unavailable, try again shortly',
    ru: 'Сервис временно недоступен, повторите попытку позже',
  },
  unstable_connection: { status: 503, en: 'Unstable connection, refresh page', ru: 'Нестабильное соединение, обновите страницу' },
  network_error: { status: 0, ...clientErrorTexts.network_error },
  connection_error: { status: 0, en: 'Connection error, refresh page', ru: 'Ошибка соединения, обновите страницу' },
  bad_connection: { status: 0, en: 'Bad connection, refresh page', ru: 'Плохое соединение, обновите страницу' },
  initialization_error: { status: 0, en: 'Initialization error, refresh page', ru: 'Ошибка инициализации, обновите страницу' },
  connection_failed: { status: 0, en: 'Connection failed', ru: 'Не удалось подключиться' },
  pair_load_error: { status: 0, en: 'The pair could not be loaded', ru: 'Не удалось загрузить пару' },
  compare_teams_load_error: { status: 0, en: 'The comparison could not be loaded', ru: 'Не удалось загрузить сравнение команд' },
  chunk_load_timeout: { status: 0, ...clientErrorTexts.chunk_load_timeout },
} as const satisfies Record<ErrorCode, CatalogueEntry>;

export { ERROR_CODES, clientErrorMessage, clientErrorTexts, type ErrorCode } from './error-codes.ts';
// ErrorCodeSchema and ErrorEnvelopeSchema are in error-envelope.ts: this file stays free of zod, so the web app's
// first load can show catalogue messages without it.

export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

export function errorMessage(code: ErrorCode, locale: Locale, params?: Record<string, string | number>): string {
  return interpolate(errorCatalogue[code][locale], params);
}

/** Warning shown when a person's interactions add up to more than the cap per week. */
export const interactionWarning = {
  en: 'Total interaction time exceeds 50 h/w',
  ru: 'Общее время взаимодействия превышает 50ч/н',
} as const;
