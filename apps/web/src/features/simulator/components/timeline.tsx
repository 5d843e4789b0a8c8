import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Actor, ActorEvent, EventType } from '@teamcast/engine';
import { useListWindow } from '../../../shared/ui/list-window.tsx';
import { displayName } from './actor-name.ts';

/** Pixels per day at scale 1.0: a year is 730 px wide. */
const DAY_PX = 2;
const ROW_H = 28;
const NAME_W = 160;
/** A large team's rows scroll in a box this tall (about 14 rows), under the months and the day strip, which stay. */
const WINDOWED_HEIGHT = 14 * ROW_H + 48;
/** Farthest the past reaches (spec section 9). */
const PAST_LIMIT = -730;

const MARKER_COLOR: Record<EventType, string> = {
  join: '#2f9e44',
  start: '#2f9e44',
  rejoin: '#37b24d',
  dismiss: '#e03131',
  manager_join: '#1971c2',
  lead_join: '#7048e8',
  m_rank: '#1971c2',
  l_rank: '#7048e8',
  m_disrank: '#868e96',
  l_disrank: '#868e96',
};

type Props = {
  actors: Actor[];
  day: number;
  onDay: (day: number) => void;
  lifespan: 1 | 2;
  startDay: string;
  scale: number;
  onMoveEvent: (actorId: string, eventIndex: number, day: number) => void;
};

/** First day shown: the earliest event before the start (the reconstructed past), else the start. */
export function firstShownDay(actors: Actor[]): number {
  let first = 0;
  for (const a of actors) for (const e of a.events) if (e.date < first) first = e.date;
  return Math.max(PAST_LIMIT, first);
}

/** Day offsets where each month begins, from the start over the lifespan. */
export function monthStarts(startDay: string, lifespan: 1 | 2): number[] {
  const start = new Date(`${startDay}T00:00:00Z`);
  const out: number[] = [];
  for (let m = 0; m < 12 * lifespan; m++) {
    const at = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, m === 0 ? start.getUTCDate() : 1);
    out.push(Math.round((at - start.getTime()) / 86_400_000));
  }
  return out;
}

/**
 * A key for each of an actor's markers that stays when the marker moves (its type and when it was added, not its day),
 * so a marker moved with the arrow keys keeps its focus; two alike get their place in the list too.
 */
export function markerKeysOf(events: ActorEvent[]): string[] {
  const seen = new Set<string>();
  return events.map((e, index) => {
    const key = `${e.type}-${e.timestamp}`;
    if (!seen.has(key)) {
      seen.add(key);
      return key;
    }
    return `${key}-${index}`;
  });
}

/** Spans [from, to) in which the actor is in the team, by his (normalised) events. */
function activeSpans(events: ActorEvent[], end: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let from: number | null = null;
  for (const e of [...events].sort((x, y) => x.date - y.date || x.timestamp - y.timestamp)) {
    if (from === null && ['join', 'start', 'rejoin', 'manager_join', 'lead_join'].includes(e.type)) from = e.date;
    if (from !== null && e.type === 'dismiss') {
      spans.push([from, e.date]);
      from = null;
    }
  }
  if (from !== null) spans.push([from, end]);
  return spans;
}

/**
 * The scene's timeline (spec section 2): months over the lifespan, past days before the start shaded, one row per
 * actor with his events as markers. The day is chosen by click or by the arrow keys (a month with Page Up / Down);
 * a marker is dragged, or moved a day at a time with the arrow keys while it has focus.
 */
export function Timeline({ actors, day, onDay, lifespan, startDay, scale, onMoveEvent }: Props) {
  const { t, i18n } = useTranslation('simulator');
  const first = firstShownDay(actors);
  const last = 365 * lifespan - 1;
  const px = DAY_PX * scale;
  const width = (last - first + 1) * px;
  const x = (d: number) => (d - first) * px;
  const clampDay = (d: number) => Math.min(last, Math.max(first, Math.round(d)));
  const dragging = useRef<{ actorId: string; index: number; from: number; track: DOMRect } | null>(null);
  const months = monthStarts(startDay, lifespan);
  const start = new Date(`${startDay}T00:00:00Z`);
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const short = new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(lang, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  // The year is named on the first month shown and on each January.
  const monthName = (offset: number, m: number) => {
    const at = new Date(start.getTime() + offset * 86_400_000);
    return (m === 0 || at.getUTCMonth() === 0 ? long : short).format(at);
  };

  const dayAt = (clientX: number, rect: DOMRect) => clampDay(first + (clientX - rect.left) / px);
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = useListWindow({ count: actors.length, rowSize: ROW_H, scrollRef });

  const onTrackKey = (event: KeyboardEvent) => {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, PageUp: -30, PageDown: 30 };
    if (event.key in step) onDay(clampDay(day + step[event.key]!));
    else if (event.key === 'Home') onDay(first);
    else if (event.key === 'End') onDay(last);
    else return;
    event.preventDefault();
  };

  const onMarkerKey = (event: KeyboardEvent, actorId: string, index: number, date: number) => {
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    event.stopPropagation();
    onMoveEvent(actorId, index, clampDay(date + step));
  };

  const onMarkerDown = (event: PointerEvent<SVGElement>, actorId: string, index: number, from: number) => {
    event.stopPropagation();
    const svg = event.currentTarget.ownerSVGElement;
    if (!svg) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = { actorId, index, from, track: svg.getBoundingClientRect() };
  };
  const onMarkerUp = (event: PointerEvent<SVGElement>) => {
    const drag = dragging.current;
    dragging.current = null;
    if (!drag) return;
    // A click on a marker is no move: only a marker let go on another day changes the team.
    const to = dayAt(event.clientX, drag.track);
    if (to !== drag.from) onMoveEvent(drag.actorId, drag.index, to);
  };

  return (
    <Box
      ref={scrollRef}
      style={list.windowed ? { overflow: 'auto', maxHeight: WINDOWED_HEIGHT } : { overflowX: 'auto' }}
      data-testid="timeline"
      data-windowed={list.windowed}
    >
      <Box style={{ width: NAME_W + width, position: 'relative' }}>
        <div style={list.windowed ? { position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-body)' } : undefined}>
          <Group gap={0} wrap="nowrap" style={{ marginLeft: NAME_W, position: 'relative', height: 24 }}>
            {months.map((offset, m) => (
              <UnstyledButton
                key={offset}
                onClick={() => onDay(offset)}
                data-testid={`month-${m}`}
                aria-label={t('timeline.selectMonth', { month: long.format(new Date(start.getTime() + offset * 86_400_000)) })}
                style={{
                  position: 'absolute',
                  left: x(offset),
                  height: 24,
                  minWidth: 24,
                  fontSize: 11,
                  whiteSpace: 'nowrap',
                  borderLeft: '1px solid #ced4da',
                  paddingLeft: 2,
                }}
              >
                {monthName(offset, m)}
              </UnstyledButton>
            ))}
          </Group>
          {/* The day slider is a strip of its own (24 px, a touch target): the rows below hold focusable markers, which a slider must not contain. */}
          <div
            role="slider"
            tabIndex={0}
            aria-label={t('timeline.day')}
            aria-valuemin={first}
            aria-valuemax={last}
            aria-valuenow={day}
            aria-valuetext={t('timeline.dayText', { day })}
            onKeyDown={onTrackKey}
            onClick={(event) => onDay(dayAt(event.clientX, event.currentTarget.getBoundingClientRect()))}
            data-testid="timeline-track"
            style={{ marginLeft: NAME_W, width, height: 24, position: 'relative', cursor: 'pointer', background: '#f1f3f5', borderRadius: 6, outlineOffset: 2 }}
          >
            <div style={{ position: 'absolute', left: x(day) - 2, top: 0, bottom: 0, width: 4, borderRadius: 2, background: '#f08c00' }} />
          </div>
        </div>
        <div style={list.windowed ? { height: list.totalSize, position: 'relative' } : undefined}>
          {actors.length === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              {t('timeline.empty')}
            </Text>
          )}
          {list.rows.map(({ index, start }) => {
            const actor = actors[index]!;
            const markerKeys = markerKeysOf(actor.events);
            const placed: CSSProperties | undefined = list.windowed
              ? { position: 'absolute', top: 0, left: 0, transform: `translateY(${start}px)` }
              : undefined;
            return (
              <Group key={actor.id} gap={0} wrap="nowrap" data-testid={`row-${actor.id}`} style={placed}>
                <Text size="xs" truncate style={{ width: NAME_W, flex: 'none' }}>
                  {displayName(actor, t('card.unnamed'))}
                </Text>
                <svg
                  width={width}
                  height={ROW_H}
                  style={{ display: 'block', flex: 'none', cursor: 'pointer' }}
                  onClick={(event) => onDay(dayAt(event.clientX, event.currentTarget.getBoundingClientRect()))}
                  aria-hidden={false}
                >
                  {first < 0 && <rect x={0} y={0} width={x(0)} height={ROW_H} fill="#f1f3f5" data-past="true" />}
                  {months.map((offset) => (
                    <line key={offset} x1={x(offset)} x2={x(offset)} y1={0} y2={ROW_H} stroke="#e9ecef" />
                  ))}
                  {activeSpans(actor.events, last + 1).map(([from, to]) => (
                    <rect
                      key={from}
                      x={x(Math.max(from, first))}
                      y={ROW_H / 2 - 3}
                      width={Math.max(0, x(Math.min(to, last + 1)) - x(Math.max(from, first)))}
                      height={6}
                      rx={3}
                      fill={from < 0 ? '#adb5bd' : '#a5d8ff'}
                    />
                  ))}
                  <line x1={x(day)} x2={x(day)} y1={0} y2={ROW_H} stroke="#f08c00" strokeWidth={2} />
                  {actor.events.map((e, index) => (
                    <circle
                      key={markerKeys[index]}
                      cx={x(e.date)}
                      cy={ROW_H / 2}
                      r={6}
                      fill={MARKER_COLOR[e.type]}
                      stroke="#fff"
                      tabIndex={0}
                      role="button"
                      aria-label={t('timeline.marker', { event: t(`events.${e.type}`), day: e.date })}
                      data-testid={`marker-${actor.id}-${e.type}`}
                      data-day={e.date}
                      style={{ cursor: 'grab' }}
                      onClick={(event) => {
                        event.stopPropagation();
                        onDay(clampDay(e.date));
                      }}
                      onKeyDown={(event) => onMarkerKey(event, actor.id, index, e.date)}
                      onPointerDown={(event) => onMarkerDown(event, actor.id, index, e.date)}
                      onPointerUp={onMarkerUp}
                    >
                      <title>{t('timeline.marker', { event: t(`events.${e.type}`), day: e.date })}</title>
                    </circle>
                  ))}
                </svg>
              </Group>
            );
          })}
        </div>
      </Box>
    </Box>
  );
}
