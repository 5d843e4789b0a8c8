import { formatLongDate, formatMoney, type Currency, type Locale } from '@teamcast/contracts';
import { escapeHtml, type Brand, type RenderedMail } from './mail.templates.ts';

/** What a receipt states: the invoice as paid, in the reader's language. */
export type Receipt = {
  /** The invoice number, as on the invoice list (TC-…-0001). */
  number: string;
  /** What was bought: the plan's title, or the pair report. */
  description: string;
  /** Minor units (kopecks, cents). */
  amount: number;
  currency: Currency;
  paidAt: Date;
  /** The period the payment covers; null for a one-off purchase (a pair's report). */
  period: { start: Date; end: Date } | null;
  /** The card charged, by its brand and last four digits; null when no card was charged. */
  card: { brand: string; last4: string } | null;
};

const texts: Record<
  Locale,
  { subject: string; lead: string; number: string; item: string; period: string; amount: string; paidAt: string; card: string; keep: string; support: string }
> = {
  en: {
    subject: 'Your {title} receipt {number}',
    lead: 'Thank you for your payment. This is your receipt; the invoice is also under Subscription → Invoices.',
    number: 'Invoice',
    item: 'For',
    period: 'Period',
    amount: 'Amount paid',
    paidAt: 'Paid on',
    card: 'Card',
    keep: 'Keep this message for your records.',
    support: 'Questions? Write to {support}.',
  },
  ru: {
    subject: 'Чек {title} по счёту {number}',
    lead: 'Спасибо за оплату. Это ваш чек; счёт есть и в разделе «Подписка» → «Счета».',
    number: 'Счёт',
    item: 'За что',
    period: 'Период',
    amount: 'Оплачено',
    paidAt: 'Дата оплаты',
    card: 'Карта',
    keep: 'Сохраните это письмо для отчётности.',
    support: 'Вопросы? Пишите на {support}.',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The receipt mailed after a successful charge, as plain text and HTML with the same lines. */
export function renderReceipt(receipt: Receipt, locale: Locale, brand: Brand): RenderedMail {
  const t = texts[locale];
  const values = { title: brand.title, number: receipt.number, support: brand.supportEmail };
  const subject = fill(t.subject, values);
  const lines: [string, string][] = [
    [t.number, receipt.number],
    [t.item, receipt.description],
    // Paid until the period's end, as the subscription screen says it.
    ...(receipt.period
      ? [[t.period, `${formatLongDate(receipt.period.start, locale)} – ${formatLongDate(receipt.period.end, locale)}`] as [string, string]]
      : []),
    [t.amount, formatMoney(receipt.amount, receipt.currency, locale)],
    [t.paidAt, formatLongDate(receipt.paidAt, locale)],
    ...(receipt.card ? [[t.card, `${receipt.card.brand.toUpperCase()} •••• ${receipt.card.last4}`] as [string, string]] : []),
  ];
  const help = fill(t.support, values);
  const text = [t.lead, '', ...lines.map(([label, value]) => `${label}: ${value}`), '', t.keep, '', help, '', `— ${brand.title}`].join('\n');
  const accent = brand.love ? '#d6336c' : '#1c7ed6';
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><td style="padding: 4px 12px 4px 0; color: #495057;">${escapeHtml(label)}</td><td style="padding: 4px 0; font-weight: bold;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #212529; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
<p style="font-size: 20px; font-weight: bold; color: ${accent};">${escapeHtml(brand.title)}</p>
<p>${escapeHtml(t.lead)}</p>
<table style="border-collapse: collapse;">
${rows}
</table>
<p style="font-size: 13px; color: #495057;">${escapeHtml(t.keep)}</p>
<p style="font-size: 13px; color: #868e96;">${escapeHtml(help).replace(escapeHtml(brand.supportEmail), `<a href="mailto:${escapeHtml(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a>`)}</p>
</body></html>`;
  return { subject, text, html };
}
