import { useCallback, useEffect, useId, useSyncExternalStore } from 'react';
import { Affix, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TutorialState } from '@teamcast/contracts';
import { useGateEvent } from '../../../shared/gate/gate.ts';
import { guide, guideStore } from '../../../shared/ui/guide-store.ts';
import { GUIDE_START_PARAM, guideSteps } from './guide-steps.ts';

type Box = { top: number; left: number; width: number; height: number };

const CARD_WIDTH = 360;

/** Follows scrolling (of any scroller) and resizing, which move the highlighted control. */
function subscribeToLayout(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('scroll', onChange, true);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('scroll', onChange, true);
  };
}

const targetOf = (key: string | undefined) => (key ? document.querySelector<HTMLElement>(`[data-guide="${key}"]`) : null);

/** The target's box as text (a stable snapshot), empty while it is not shown (the phone's collapsed menu). */
function boxOf(key: string | undefined): string {
  const rect = targetOf(key)?.getBoundingClientRect();
  return rect && rect.width > 0 && rect.height > 0 ? [rect.top, rect.left, rect.width, rect.height].join(',') : '';
}

/** Where the control a step talks about (its menu entry) is on screen, or null; the control is told the tour's card describes it. */
function useTarget(key: string | undefined, cardId: string): Box | null {
  const snapshot = useSyncExternalStore(
    subscribeToLayout,
    () => boxOf(key),
    () => '',
  );
  useEffect(() => {
    const target = targetOf(key);
    if (!target) return;
    target.setAttribute('aria-describedby', cardId);
    target.dataset.guideActive = 'true';
    return () => {
      target.removeAttribute('aria-describedby');
      delete target.dataset.guideActive;
    };
  }, [key, cardId]);
  if (!snapshot) return null;
  const [top = 0, left = 0, width = 0, height = 0] = snapshot.split(',').map(Number);
  return { top, left, width, height };
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
        <Paper
          component="section"
          id={cardId}
          shadow="lg"
          radius="md"
          p="md"
          withBorder
          maw={CARD_WIDTH}
          aria-label={t('guide.label')}
          data-testid="guide-tour"
          data-target={target ? step.key : undefined}
        >
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
