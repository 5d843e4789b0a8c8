/** The small part of Stripe.js (loaded from Stripe, never bundled) that the card form and confirmation use. */
export type StripeCardElement = { mount(target: HTMLElement): void; destroy(): void };
export type StripeJs = {
  elements(): { create(type: 'card', options?: object): StripeCardElement };
  createPaymentMethod(input: { type: 'card'; card: StripeCardElement }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
  confirmCardPayment(clientSecret: string): Promise<{ error?: { message?: string } }>;
};

const STRIPE_JS_URL = 'https://js.stripe.com/v3';
let loading: Promise<StripeJs> | null = null;

/** Loads Stripe.js once and opens it with the publishable key; card data then goes from the browser to Stripe only. */
export function loadStripe(publishableKey: string): Promise<StripeJs> {
  loading ??= new Promise<StripeJs>((resolve, reject) => {
    const open = () => {
      const factory = (window as unknown as { Stripe?: (key: string) => StripeJs }).Stripe;
      if (factory) resolve(factory(publishableKey));
      else reject(new Error('Stripe.js did not load'));
    };
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = open;
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
