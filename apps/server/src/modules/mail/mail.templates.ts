import type { Locale } from '@teamcast/contracts';

/** What a message is about; each kind has a subject and a body in Russian and English. */
/** Messages carrying a sign-in or sign-up link (the passport module's). */
export type SignInMailKind = 'verify' | 'join' | 'magic' | 'reset' | 'exists';
/** The person's private page link, and the owner told of a withdrawal or of profiles to be deleted (docs/privacy.md). */
export type MailKind = SignInMailKind | 'person_page' | 'withdrawn' | 'retention';

/** The platform a message speaks for: the title and support contact of the host the request came to. */
export type Brand = { title: string; supportEmail: string; love: boolean };

export type RenderedMail = { subject: string; text: string; html: string };

type Texts = { subject: string; lead: string; action: string; validity: string; ignore: string };

const texts: Record<MailKind, Record<Locale, Texts>> = {
  verify: {
    en: {
      subject: 'Confirm your e-mail address for {title}',
      lead: 'Thank you for signing up for {title}. Please confirm your e-mail address.',
      action: 'Confirm e-mail address',
      validity: 'The link works once and for 48 hours.',
      ignore: 'If you did not sign up, ignore this message.',
    },
    ru: {
      subject: 'Подтвердите адрес электронной почты для {title}',
      lead: 'Спасибо за регистрацию в {title}. Подтвердите, пожалуйста, адрес электронной почты.',
      action: 'Подтвердить адрес',
      validity: 'Ссылка действует один раз в течение 48 часов.',
      ignore: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
    },
  },
  join: {
    en: {
      subject: 'Complete your registration at {title}',
      lead: 'We received a request to create a {title} account for this address. Open the link to choose a password.',
      action: 'Complete registration',
      validity: 'The link works once and for 48 hours.',
      ignore: 'If you did not ask for an account, ignore this message.',
    },
    ru: {
      subject: 'Завершите регистрацию в {title}',
      lead: 'Мы получили запрос на создание учётной записи {title} для этого адреса. Откройте ссылку, чтобы задать пароль.',
      action: 'Завершить регистрацию',
      validity: 'Ссылка действует один раз в течение 48 часов.',
      ignore: 'Если вы не запрашивали учётную запись, просто проигнорируйте это письмо.',
    },
  },
  magic: {
    en: {
      subject: 'Your sign-in link for {title}',
      lead: 'Open the link to sign in to {title} without a password.',
      action: 'Sign in',
      validity: 'The link works once and for 15 minutes.',
      ignore: 'If you did not ask to sign in, ignore this message: nobody can sign in without the link.',
    },
    ru: {
      subject: 'Ссылка для входа в {title}',
      lead: 'Откройте ссылку, чтобы войти в {title} без пароля.',
      action: 'Войти',
      validity: 'Ссылка действует один раз в течение 15 минут.',
      ignore: 'Если вы не запрашивали вход, просто проигнорируйте это письмо: без ссылки войти нельзя.',
    },
  },
  exists: {
    en: {
      subject: 'You already have a {title} account',
      lead: 'Someone asked to sign up for {title} with this address, which has an account already. Open the link to sign in; on the sign-in page you can also choose a new password.',
      action: 'Sign in',
      validity: 'The link works once and for 15 minutes.',
      ignore: 'If you did not ask to sign up, ignore this message: your account stays as it is.',
    },
    ru: {
      subject: 'У вас уже есть учётная запись {title}',
      lead: 'Кто-то попросил зарегистрироваться в {title} с этим адресом, но учётная запись с ним уже есть. Откройте ссылку, чтобы войти; на странице входа можно и задать новый пароль.',
      action: 'Войти',
      validity: 'Ссылка действует один раз в течение 15 минут.',
      ignore: 'Если вы не регистрировались, просто проигнорируйте это письмо: с учётной записью ничего не случится.',
    },
  },
  reset: {
    en: {
      subject: 'Reset your {title} password',
      lead: 'Open the link to choose a new password for {title}. Your other sessions will be ended.',
      action: 'Choose a new password',
      validity: 'The link works once and for 15 minutes.',
      ignore: 'If you did not ask for a new password, ignore this message: your password stays as it is.',
    },
    ru: {
      subject: 'Сброс пароля {title}',
      lead: 'Откройте ссылку, чтобы задать новый пароль для {title}. Остальные сеансы будут завершены.',
      action: 'Задать новый пароль',
      validity: 'Ссылка действует один раз в течение 15 минут.',
      ignore: 'Если вы не запрашивали новый пароль, просто проигнорируйте это письмо: пароль останется прежним.',
    },
  },
  person_page: {
    en: {
      subject: 'Your page at {title}: what was computed from your answers',
      lead: 'You sent a questionnaire for {company}. On your own page you see your answers and what was computed from them, download all of it, or withdraw it: then it is deleted.',
      action: 'Open my page',
      validity: 'The link is private and works for {days} days. Keep it: we store only a fingerprint of it and cannot send it again.',
      ignore: 'If you did not fill in a questionnaire, ignore this message.',
    },
    ru: {
      subject: 'Ваша страница в {title}: что рассчитано по вашим ответам',
      lead: 'Вы отправили анкету для {company}. На своей странице вы видите свои ответы и рассчитанное по ним, можете скачать всё это или отозвать: тогда всё будет удалено.',
      action: 'Открыть мою страницу',
      validity: 'Ссылка личная и действует {days} дней. Сохраните её: мы храним только её отпечаток и не сможем прислать её снова.',
      ignore: 'Если вы не заполняли анкету, просто проигнорируйте это письмо.',
    },
  },
  withdrawn: {
    en: {
      subject: '{name} withdrew their profile at {title}',
      lead: '{name} withdrew their profile on {date}. Their answers, scores, estimates and the forecasts that involved them are deleted; the profile stays in your list as "withdrawn" and takes part in no pair or team.',
      action: 'Open profiles',
      validity: 'Nothing is needed from you. A decision about this person must not rest on a forecast that no longer exists.',
      ignore: 'You get this message because the profile was in your account.',
    },
    ru: {
      subject: '{name} отозвал(а) свой профиль в {title}',
      lead: '{name} отозвал(а) свой профиль {date}. Ответы, оценки, экспертные оценки и прогнозы с этим человеком удалены; профиль остаётся в списке с пометкой «отозван» и не участвует ни в парах, ни в командах.',
      action: 'Открыть профили',
      validity: 'От вас ничего не требуется. Решение об этом человеке не должно опираться на прогноз, которого больше нет.',
      ignore: 'Вы получили это письмо, потому что профиль был в вашей учётной записи.',
    },
  },
  retention: {
    en: {
      subject: 'Unused profiles will be deleted on {date}',
      lead: 'These profiles have not been used by any pair, team or report for {days} days and will be deleted on {date}, as the retention rule of {title} says: {names}.',
      action: 'Open profiles',
      validity: 'To keep a profile, use it in a pair or a team before that date.',
      ignore: 'You get this message because the profiles are in your account.',
    },
    ru: {
      subject: 'Неиспользуемые профили будут удалены {date}',
      lead: 'Эти профили {days} дней не использовались ни в парах, ни в командах, ни в отчётах и будут удалены {date} по правилу хранения {title}: {names}.',
      action: 'Открыть профили',
      validity: 'Чтобы сохранить профиль, используйте его в паре или команде до этой даты.',
      ignore: 'Вы получили это письмо, потому что профили есть в вашей учётной записи.',
    },
  },
};

const support: Record<Locale, string> = { en: 'Questions? Write to {support}.', ru: 'Вопросы? Пишите на {support}.' };

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** Text made safe inside HTML elements and attributes. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Renders one message in one language, as plain text and as HTML with the same content; `values` fill the kind's own placeholders. */
export function renderMail(kind: MailKind, locale: Locale, brand: Brand, link: string, extra: Record<string, string> = {}): RenderedMail {
  const values = { ...extra, title: brand.title, support: brand.supportEmail };
  const t = texts[kind][locale];
  const [subject, lead, action, validity, ignore, help] = [t.subject, t.lead, t.action, t.validity, t.ignore, support[locale]].map((text) =>
    fill(text, values),
  ) as [string, string, string, string, string, string];
  const text = [lead, '', `${action}: ${link}`, '', validity, ignore, '', help, '', `— ${brand.title}`].join('\n');
  const accent = brand.love ? '#d6336c' : '#1c7ed6';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #212529; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
<p style="font-size: 20px; font-weight: bold; color: ${accent};">${escapeHtml(brand.title)}</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: ${accent}; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(action)}</a></p>
<p style="font-size: 13px; color: #495057;">${escapeHtml(validity)} ${escapeHtml(ignore)}</p>
<p style="font-size: 13px; color: #495057; word-break: break-all;">${escapeHtml(link)}</p>
<p style="font-size: 13px; color: #868e96;">${escapeHtml(help).replace(escapeHtml(brand.supportEmail), `<a href="mailto:${escapeHtml(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a>`)}</p>
</body></html>`;
  return { subject, text, html };
}
