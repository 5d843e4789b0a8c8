/**
 * The error codes alone, and the texts of the errors the web client raises itself: the client checks envelopes and
 * shows these without the whole catalogue of texts (`errors.ts`), which stays out of every page's first load.
 */
import { interpolate, type Locale } from './locale-core.ts';

export const ERROR_CODES = [
  'validation_failed', 'password_too_common', 'bad_request', 'invalid_credentials', 'wrong_current_password',
  'sign_in_link_required', 'unauthorized', 'forbidden',
  'verify_account', 'user_deleted', 'team_limit_reached', 'team_too_large', 'not_found', 'user_not_found', 'reset_user_not_found',
  'profile_not_found', 'compatibility_not_found', 'pair_report_locked', 'team_not_found', 'comparison_not_found',
  'link_invalid', 'email_in_use', 'username_in_use', 'email_already_verified', 'shared_profile_exists',
  'questionnaire_locked', 'team_changed', 'link_expired', 'profile_deleted', 'profile_withdrawn', 'uri_too_long', 'payload_too_large',
  'profile_not_completed', 'profile_names_required', 'actors_ineligible', 'love_profile_required', 'work_profile_required', 'team_too_small', 'manager_view_too_small',
  'events_zero_length', 'actor_not_found', 'class_instance_forbidden', 'interaction_settings_failure',
  'subscription_required', 'plan_seats_taken', 'demo_already_used', 'payment_method_required', 'invoice_not_payable',
  'subscription_not_active', 'idempotency_conflict', 'webhook_signature_invalid', 'card_declined', 'card_expired',
  'insufficient_funds', 'payment_failed', 'payment_incomplete', 'model_not_found', 'model_not_ready',
  'model_training', 'model_not_uploaded', 'model_outdated', 'model_published', 'fairness_below_bar', 'fairness_worse_than_published', 'not_enough_labels', 'rate_limited', 'unexpected_error',
  'service_unavailable', 'unstable_connection', 'network_error', 'connection_error', 'bad_connection',
  'initialization_error', 'connection_failed', 'pair_load_error', 'compare_teams_load_error', 'chunk_load_timeout',
  'second_factor_invalid', 'second_factor_expired', 'second_factor_enabled', 'second_factor_disabled',
  'monitor_not_found', 'monitor_exists', 'forecast_required', 'check_in_answered', 'member_not_found',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Errors with no server answer behind them (status 0) or none readable, raised by the client. */
export const clientErrorTexts = {
  unexpected_error: { en: 'Unexpected error', ru: 'Непредвиденная ошибка' },
  network_error: { en: 'No internet connection', ru: 'Нет подключения к интернету' },
  chunk_load_timeout: { en: 'The page took too long to load, refresh page', ru: 'Страница загружается слишком долго, обновите страницу' },
} as const satisfies Partial<Record<ErrorCode, { en: string; ru: string }>>;

export function clientErrorMessage(code: keyof typeof clientErrorTexts, locale: Locale): string {
  return interpolate(clientErrorTexts[code][locale]);
}
