import { PLATFORM_TITLES, hostLocale, type AnalyticsEventInput, type HostInfo, type Locale } from '@teamcast/contracts';
import { supportEmailOf, type Config } from '../../core/config.ts';
import type { NewEnterpriseRequest, SiteRepository } from './site.repository.ts';

/** Host name without port, lower-cased. */
export function bareHost(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, '');
}

/** What the host implies (spec section 1): hosts in LOVE_HOSTS get the love title, look and support contact. */
export function hostInfo(config: Pick<Config, 'LOVE_HOSTS' | 'SUPPORT_EMAIL' | 'LOVE_SUPPORT_EMAIL'>, host: string): HostInfo {
  const name = bareHost(host);
  const variant = config.LOVE_HOSTS.includes(name) ? 'love' : 'default';
  return { variant, title: PLATFORM_TITLES[variant], supportEmail: supportEmailOf(config, variant === 'love'), locale: hostLocale(name) ?? null };
}

/** A message for the support address; plain text, since it goes to the team, not to the visitor. */
export function enterpriseMail(request: NewEnterpriseRequest & { id: string }, info: HostInfo): { subject: string; text: string } {
  const lines = [
    `Enterprise request ${request.id} from ${info.title} (${request.host})`,
    `Name: ${request.name}`,
    `Company: ${request.company}`,
    `Email: ${request.email}`,
    `Phone: ${request.phone ?? '-'}`,
    `Team size: ${request.teamSize ?? '-'}`,
    `Language: ${request.locale}`,
    '',
    request.message ?? '',
  ];
  return { subject: `${info.title}: enterprise request from ${request.company}`, text: lines.join('\n') };
}

/** Hands a plain-text message to the mail outbox; null when no mail is wired (the request is then kept as pending). */
export type MailSender = ((message: { to: string; subject: string; text: string; locale: Locale }) => Promise<void>) | null;

export function createSiteService(
  repository: SiteRepository,
  config: Pick<Config, 'LOVE_HOSTS' | 'SUPPORT_EMAIL' | 'LOVE_SUPPORT_EMAIL'>,
  sendMail: MailSender,
) {
  return {
    /** Stores the request first, so a mail failure never loses it, then queues the message to support. */
    async submitEnterpriseRequest(input: Omit<NewEnterpriseRequest, 'locale' | 'host'>, locale: Locale, host: string) {
      const info = hostInfo(config, host);
      const stored = await repository.insertEnterpriseRequest({ ...input, locale, host: bareHost(host) });
      if (!sendMail) return { id: stored.id, mailQueued: false };
      const mail = enterpriseMail(stored, info);
      await sendMail({ to: info.supportEmail, locale, ...mail });
      await repository.markEnterpriseRequestQueued(stored.id);
      return { id: stored.id, mailQueued: true };
    },

    /** Records the step only when the visitor consented; otherwise nothing is written. */
    async recordEvent(event: AnalyticsEventInput, host: string): Promise<boolean> {
      if (!event.consent) return false;
      await repository.insertAnalyticsEvent({ kind: event.kind, step: event.step, visitId: event.visitId, variant: hostInfo(config, host).variant });
      return true;
    },
  };
}
