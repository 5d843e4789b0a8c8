import { TEST_CARDS, cardExpired, type PaymentFailure } from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import type { CardProcessor } from './card-processor.ts';

/** What each test card does when charged, by its last four digits (the four test numbers end differently). */
const BEHAVIOUR: Record<string, 'succeed' | PaymentFailure> = {
  [TEST_CARDS.success.slice(-4)]: 'succeed',
  [TEST_CARDS.declined.slice(-4)]: 'card_declined',
  [TEST_CARDS.insufficientFunds.slice(-4)]: 'insufficient_funds',
  [TEST_CARDS.needsConfirmation.slice(-4)]: 'payment_incomplete',
};
const KNOWN_NUMBERS = new Set<string>(Object.values(TEST_CARDS));

/**
 * The built-in provider: a card processor in test mode, so the app is fully usable with no payment account.
 * It accepts only the test cards and moves no real money: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined, 4000 0000 0000 9995 fails with insufficient funds, 4000 0025 0000 3155 needs the cardholder's
 * confirmation on every charge (incomplete until confirmed). Its state is the payment tables themselves.
 */
export function createBuiltinProcessor(): CardProcessor {
  return {
    name: 'builtin',
    publishableKey: null,
    createCustomer: async () => null,
    attachCard: async (_customer, input, now) => {
      if (!('testCard' in input)) throw new AppError('validation_failed', undefined, 'testCard');
      const card = input.testCard;
      // Expired is said on the expiry field, before the number: a real processor checks the date first too.
      if (cardExpired(card, now)) throw new AppError('card_expired', undefined, 'testCard.expYear');
      // A real card number never reaches a test processor's store; the test mode refuses it as a decline.
      if (!KNOWN_NUMBERS.has(card.number)) throw new AppError('card_declined');
      return { providerMethodId: null, brand: 'visa', last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    },
    detachCard: async () => {},
    setDefaultCard: async () => {},
    charge: async (request) => {
      if (request.amount === 0) return { status: 'succeeded', intentId: null };
      const behaviour = BEHAVIOUR[request.card.last4] ?? 'card_declined';
      if (behaviour === 'succeed') return { status: 'succeeded', intentId: null };
      if (behaviour === 'payment_incomplete' && request.confirm) return { status: 'succeeded', intentId: null };
      return { status: 'failed', failure: behaviour, intentId: null, clientSecret: null };
    },
  };
}
