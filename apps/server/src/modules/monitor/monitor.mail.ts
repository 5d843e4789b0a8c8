import type { Locale } from '@teamcast/contracts';

/** The monitor's plain-text mail, in the reader's language. */
export const monitorMailTexts: Record<
  Locale,
  {
    linkSubject: (title: string) => string;
    linkText: (v: { name: string; title: string; link: string; expires: string }) => string;
    alertSubject: (title: string) => string;
    alertText: (v: { title: string; months: string; link: string }) => string;
    forecastSubject: (title: string) => string;
    forecastText: (v: { title: string; months: string; link: string }) => string;
  }
> = {
  en: {
    linkSubject: (title) => `One minute about your work in ${title}`,
    linkText: ({ name, title, link, expires }) =>
      `Hello, ${name}!\n\nHow does the work in ${title} go this month? Answer a one-minute form: how work with each teammate goes, and how satisfied you are yourself.\n\n${link}\n\nThe link works until ${expires}. Your own answers are never shown to anyone: the owner sees only figures combined over at least three people.`,
    alertSubject: (title) => `${title}: below the forecast two months running`,
    alertText: ({ title, months, link }) =>
      `The check-ins of ${title} fell below the forecast's 80 % band two months running (${months}).\n\nOpen the monitor: ${link}`,
    forecastSubject: (title) => `${title}: the forecast dropped into the bad band`,
    forecastText: ({ title, months, link }) =>
      `After the latest change, the recomputed forecast of ${title} falls into the bad band (below -20) in ${months}; the forecast before it had no such month.\n\nOpen the monitor: ${link}`,
  },
  ru: {
    linkSubject: (title) => `Минута о работе в команде «${title}»`,
    linkText: ({ name, title, link, expires }) =>
      `Здравствуйте, ${name}!\n\nКак идёт работа в команде «${title}» в этом месяце? Ответьте на короткую анкету (одна минута): как идёт работа с каждым из коллег и насколько вы довольны сами.\n\n${link}\n\nСсылка действует до ${expires}. Ваши ответы никому не показываются: владелец видит только показатели, собранные не менее чем по трём людям.`,
    alertSubject: (title) => `«${title}»: ниже прогноза два месяца подряд`,
    alertText: ({ title, months, link }) =>
      `Ответы команды «${title}» два месяца подряд ниже 80-процентного коридора прогноза (${months}).\n\nОткройте монитор: ${link}`,
    forecastSubject: (title) => `«${title}»: прогноз опустился в плохую зону`,
    forecastText: ({ title, months, link }) =>
      `После последнего изменения пересчитанный прогноз «${title}» попадает в плохую зону (ниже −20) в месяцах: ${months}. В прежнем прогнозе таких месяцев не было.\n\nОткройте монитор: ${link}`,
  },
};
