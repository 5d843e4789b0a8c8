import type { Locale } from '@teamcast/contracts';
import type { Config } from '../../core/config.ts';
import type { Db } from '../../core/db.ts';
import { brandOf } from '../mail/mail.brand.ts';
import { renderReceipt } from '../mail/mail.receipt.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { presentInvoice } from './payments.presenter.ts';
import * as repo from './payments.repository.ts';
import type { InvoiceRow } from './payments.repository.ts';

/** Mails the receipt of a paid invoice. */
export type Receipts = {
  /**
   * Puts the receipt of a paid invoice into the mail outbox through `db` (the transaction that recorded the payment,
   * so there is a receipt exactly when the payment is recorded). Nothing is mailed for what cost nothing.
   */
  queue(db: Db, invoice: InvoiceRow): Promise<void>;
  /** Sends the queued receipts once their transaction has committed. */
  deliver(): void;
};

/** The reader's language: the one the owner chose, else the one of the invoice's currency (rubles: Russian). */
const readerLocale = (stored: Locale | null, invoice: InvoiceRow): Locale => stored ?? (invoice.currency === 'RUB' ? 'ru' : 'en');

export function mailedReceipts(mailer: Mailer, config: Pick<Config, 'SUPPORT_EMAIL' | 'LOVE_SUPPORT_EMAIL'>): Receipts {
  return {
    async queue(db, invoice) {
      if (invoice.status !== 'paid' || invoice.amount === 0 || !invoice.paidAt) return;
      const account = await repo.findOwnerAccount(db, invoice.ownerId);
      if (!account) return;
      const locale = readerLocale(account.locale, invoice);
      const card = invoice.paymentMethodId ? await repo.findMethod(db, invoice.ownerId, invoice.paymentMethodId) : undefined;
      const presented = presentInvoice(invoice, locale);
      const rendered = renderReceipt(
        {
          number: presented.number,
          description: presented.description,
          amount: invoice.amount,
          currency: invoice.currency,
          paidAt: invoice.paidAt,
          period: invoice.periodStart && invoice.periodEnd ? { start: invoice.periodStart, end: invoice.periodEnd } : null,
          card: card ? { brand: card.brand, last4: card.last4 } : null,
        },
        locale,
        brandOf(config, account.variant === 'love'),
      );
      await mailer.enqueue(db, { to: account.email, kind: 'receipt', locale, rendered });
    },
    deliver: () => mailer.deliverDue(),
  };
}
