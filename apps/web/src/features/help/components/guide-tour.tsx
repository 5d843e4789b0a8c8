import { useCallback, useEffect } from 'react';
import { Affix, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TutorialState } from '@teamcast/contracts';
import { useGateEvent } from '../../../shared/gate/gate.ts';
import { guide, guideStore } from '../../../shared/ui/guide-store.ts';
import { GUIDE_START_PARAM, guideSteps } from './guide-steps.ts';

/**
 * The first-run tour of the owner app: a card in the corner that walks through each section, never blocking the
 * page. It starts by itself once, and again whenever the menu's 'guide' entry adds `?guide=start`.
 */
export function GuideTour() {
  const { t } = useTranslation('help');
  const state = guideStore.use();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const restart = search.get(GUIDE_START_PARAM) === 'start';
  // Another tab or device moved the tour (gate syncTutorial): follow it.
  const follow = useCallback((message: { payload: TutorialState }) => {
    guideStore.set(message.payload.completed ? { step: null, done: true } : { step: message.payload.step, done: false });
  }, []);
  useGateEvent('syncTutorial', follow);

  useEffect(() => {
    if (restart) {
      guide.start();
      const next = new URLSearchParams(search);
      next.delete(GUIDE_START_PARAM);
      const query = next.toString();
      void navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: true });
    } else if (!state.done && state.step === null) {
      guide.start();
    }
  }, [restart, search, location.pathname, navigate, state.done, state.step]);

  if (state.step === null) return null;
  const index = Math.min(state.step, guideSteps.length - 1);
  const step = guideSteps[index]!;
  const last = index === guideSteps.length - 1;
  // Above the cookie notices (z-index 900), which share the bottom of small screens.
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={950}>
      <Paper component="section" shadow="lg" radius="md" p="md" withBorder maw={360} aria-label={t('guide.label')} data-testid="guide-tour">
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('guide.stepOf', { step: index + 1, total: guideSteps.length })}
          </Text>
          <Title order={2} size="h4">
            {t(`guide.steps.${step.key}.title`)}
          </Title>
          <Text size="sm">{t(`guide.steps.${step.key}.body`)}</Text>
          {location.pathname === step.path ? null : (
            <Button component={Link} to={step.path} variant="subtle" size="compact-sm" w="fit-content" px={0}>
              {t('guide.open')}
            </Button>
          )}
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" color="gray" size="xs" onClick={guide.finish}>
              {t('guide.skip')}
            </Button>
            <Group gap="xs">
              {index > 0 ? (
                <Button variant="default" size="xs" onClick={() => guide.goTo(index - 1)}>
                  {t('guide.back')}
                </Button>
              ) : null}
              <Button size="xs" onClick={last ? guide.finish : () => guide.goTo(index + 1)} data-testid={last ? 'guide-finish' : 'guide-next'}>
                {last ? t('guide.finish') : t('guide.next')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
