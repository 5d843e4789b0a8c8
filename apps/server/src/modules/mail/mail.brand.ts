import { supportEmailOf, type Config } from '../../core/config.ts';
import type { Brand } from './mail.templates.ts';

export const LOVE_TITLE = 'Flame by Teamcast';
export const WORK_TITLE = 'Teamcast';

/**
 * The platform a request speaks for (spec section 1): a host of LOVE_HOSTS gets the love variant. Links in mail
 * point at that love host, or else at PUBLIC_URL; any other Host header is ignored, so it cannot redirect links.
 */
export function brandForHost(
  config: Pick<Config, 'LOVE_HOSTS' | 'PUBLIC_URL' | 'SUPPORT_EMAIL' | 'LOVE_SUPPORT_EMAIL'>,
  host: string | undefined,
): Brand & { baseUrl: string } {
  const publicUrl = new URL(config.PUBLIC_URL);
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  const love = hostname !== '' && config.LOVE_HOSTS.includes(hostname);
  const baseUrl = love ? `${publicUrl.protocol}//${host!.toLowerCase()}` : publicUrl.origin;
  return { ...brandOf(config, love), baseUrl };
}

/** The platform an owner signed up on (their account's variant), for mail sent with no request behind it (receipts of renewals). */
export function brandOf(config: Pick<Config, 'SUPPORT_EMAIL' | 'LOVE_SUPPORT_EMAIL'>, love: boolean): Brand {
  return { title: love ? LOVE_TITLE : WORK_TITLE, supportEmail: supportEmailOf(config, love), love };
}
