import { useCallback, useEffect, useId, useLayoutEffect, useState } from 'react';
import { Affix, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TutorialState } from '@teamcast/contracts';
import { useGateEvent } from '../../../shared/gate/gate.ts';
import { guide, guideStore } from '../../../shared/ui/guide-store.ts';
import { GUIDE_START_PARAM, guideSteps } from './guide-steps.ts';

type Box = { top: number; left: number; width: number; height: number };

const CARD_WIDTH = 360;

/**
 * Where the control a step talks about is on screen (its menu entry), followed through scrolling and resizing; null
 * while it is not shown (the phone's collapsed menu). The control is told it is described by the tour's card.
 */
function useTarget(key: string | undefined, cardId: string): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    const target = key ? document.querySelector<HTMLElement>(`[data-guide="${key}"]`) : null;
    if (!target) {
      setBox(null);
      return;
    }
    const measure = () => {
      const rect = target.getBoundingClientRect();
      setBox(rect.width > 0 && rect.height > 0 ? { top: rect.top, left: rect.left, width: rect.width, height: rect.height } : null);
    };
    measure();
    target.setAttribute('aria-describedby', cardId);
    target.dataset.guideActive = 'true';
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      target.removeAttribute('aria-describedby');
      delete target.dataset.guideActive;
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [key, cardId]);
  return box;
}

/**
 * The first-run tour of the owner app: each step rings the menu entry of the section it introduces and shows its card
 * beside it (in the corner when the menu is hidden), never blocking the page. It starts by itself once, and again
 * whenever the menu's 'guide' entry adds `?guide=start`.
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

  const cardId = useId();
  const index = state.step === null ? null : Math.min(state.step, guideSteps.length - 1);
  const step = index === null ? undefined : guideSteps[index];
  const target = useTarget(step?.key, cardId);
  if (index === null || !step) return null;
  const last = index === guideSteps.length - 1;
  // Beside the highlighted entry, kept on screen; in the corner when there is none. Above the cookie notices (z-index 900).
  const position = target
    ? { top: Math.max(8, Math.min(target.top, window.innerHeight - 280)), left: Math.min(target.left + target.width + 16, window.innerWidth - CARD_WIDTH - 8) }
    : { bottom: 16, right: 16 };
  return (
    <>
      {target ? (
        <Box
          data-testid="guide-highlight"
          aria-hidden="true"
          pos="fixed"
          style={{
            top: target.top - 3,
            left: target.left - 3,
            width: target.width + 6,
            height: target.height + 6,
            zIndex: 949,
            pointerEvents: 'none',
            borderRadius: 6,
            outline: '3px solid var(--mantine-color-blue-6)',
            boxShadow: '0 0 0 6px rgba(34, 139, 230, 0.25)',
          }}
        />
      ) : null}
      <Affix position={position} zIndex={950}>
        <Paper component="section" id={cardId} shadow="lg" radius="md" p="md" withBorder maw={CARD_WIDTH} aria-label={t('guide.label')} data-testid="guide-tour" data-target={target ? step.key : undefined}>
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
    </>
  );
}
