import type { SiteVariant } from '@teamcast/contracts';

/** Help topics, in the order of the help index; topics with a picture show it, in the host's variant where one exists. */
export const helpTopics = ['start', 'profiles', 'pair', 'team', 'simulator', 'compare', 'privacy', 'personal-data', 'cookies'] as const;
export type HelpTopic = (typeof helpTopics)[number];

const pictures: Partial<Record<HelpTopic, SiteVariant[]>> = {
  profiles: ['default', 'love'],
  pair: ['default', 'love'],
  team: ['default'],
  simulator: ['default'],
};

export function isHelpTopic(value: string | undefined): value is HelpTopic {
  return helpTopics.includes(value as HelpTopic);
}

/** The picture of a topic for a host variant (spec section 1: help images depend on the host), or null. */
export function helpImage(topic: HelpTopic, variant: SiteVariant): string | null {
  const variants = pictures[topic];
  if (!variants) return null;
  return `/help/${variants.includes(variant) ? variant : 'default'}/${topic}.svg`;
}
