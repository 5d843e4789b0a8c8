import { useTranslation } from 'react-i18next';
import { ChartLegend } from './legend.tsx';
import { ChartTable } from './chart-table.tsx';
import classes from './charts.module.css';
import { CHARTS_NAMESPACE } from './texts.ts';
import { chartLocale, formatChartNumber } from './format.ts';
import { useChartWidth } from './use-chart-width.ts';
import { zoneOf, type ChartZone } from './zones.ts';

export type NetworkNode = { id: string; name: string };
export type NetworkEdge = { a: string; b: string; value: number };

type Props = {
  title: string;
  nodes: readonly NetworkNode[];
  edges: readonly NetworkEdge[];
  /** Colours edges by the zone their value falls in; named in the legend. */
  zones: readonly ChartZone[];
  /** Heads the table's value column ('Pair rating, −100 to 100'). */
  valueTitle: string;
  /** Heads the table's pair column. */
  pairTitle: string;
  digits?: number;
  testId?: string;
};

const CHAR_PX = 7;
/** Above this many edges their values would cover each other: they stay in the tooltips and the table. */
const MAX_EDGE_LABELS = 10;
/** Where along its line an edge's value is written: off the middle, where the diagonals of a circle cross. */
const LABEL_AT = 0.36;

/**
 * The team as a network: people on a circle, each named beside their node, each pair joined by a line coloured by its
 * rating's zone (legend below) and labelled with the rating while few enough; a visually hidden table lists every pair.
 */
export function NetworkGraph({ title, nodes, edges, zones, valueTitle, pairTitle, digits = 0, testId = 'network-graph' }: Props) {
  const { t, i18n } = useTranslation(CHARTS_NAMESPACE);
  const locale = chartLocale(i18n.language);
  const [ref, width] = useChartWidth<HTMLDivElement>(480);
  const longest = Math.max(3, ...nodes.map((node) => Math.min(node.name.length, 18)));
  const side = Math.min(width, 520);
  const labelRoom = CHAR_PX * longest + 14;
  const radius = Math.max(40, Math.min(side / 2 - labelRoom, 150));
  const height = 2 * radius + 60;
  const cx = width / 2;
  const cy = height / 2;
  const at = (index: number) => {
    const angle = (index / Math.max(1, nodes.length)) * 2 * Math.PI - Math.PI / 2;
    return { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle), cos: Math.cos(angle), sin: Math.sin(angle) };
  };
  const indexOf = new Map(nodes.map((node, index) => [node.id, index]));
  const nameOf = (id: string) => nodes[indexOf.get(id) ?? -1]?.name ?? id;
  const short = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);
  const format = (value: number) => formatChartNumber(value, locale, digits);
  const shown = edges.filter((edge) => indexOf.has(edge.a) && indexOf.has(edge.b));
  return (
    <div ref={ref} className={classes.chart} data-testid={testId}>
      <svg className={classes.svg} width={width} height={height} aria-hidden="true" focusable="false">
        {shown.map((edge) => {
          const a = at(indexOf.get(edge.a)!);
          const b = at(indexOf.get(edge.b)!);
          const zone = zoneOf(zones, edge.value);
          return (
            <g key={`${edge.a}-${edge.b}`} data-testid="network-edge" data-zone={zone?.id}>
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={zone?.stroke ?? '#868e96'} strokeWidth={3.5} strokeLinecap="round" />
              {shown.length <= MAX_EDGE_LABELS ? (
                <text
                  className={classes.markText}
                  x={a.x + (b.x - a.x) * LABEL_AT}
                  y={a.y + (b.y - a.y) * LABEL_AT + 4}
                  textAnchor="middle"
                  fill={zone?.stroke ?? '#495057'}
                >
                  {format(edge.value)}
                </text>
              ) : null}
            </g>
          );
        })}
        {nodes.map((node, index) => {
          const p = at(index);
          const anchor = Math.abs(p.cos) < 0.3 ? 'middle' : p.cos > 0 ? 'start' : 'end';
          const lx = p.x + p.cos * 12;
          const ly = p.y + p.sin * 12 + (Math.abs(p.cos) < 0.3 ? (p.sin > 0 ? 12 : -4) : 4);
          return (
            <g key={node.id} data-testid="network-node">
              <circle cx={p.x} cy={p.y} r={7} fill="#343a40" stroke="#fff" strokeWidth={2} />
              <text className={classes.axisTitle} x={lx} y={ly} textAnchor={anchor}>
                {short(node.name)}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartLegend items={zones.map((zone) => ({ key: zone.id, label: zone.label, color: zone.stroke, kind: 'line' }))} label={t('legend')} />
      <ChartTable
        caption={title}
        columns={[pairTitle, valueTitle]}
        rows={shown.map((edge) => ({
          key: `${edge.a}-${edge.b}`,
          cells: [`${nameOf(edge.a)} — ${nameOf(edge.b)}`, `${format(edge.value)}${zoneOf(zones, edge.value) ? ` (${zoneOf(zones, edge.value)!.label})` : ''}`],
        }))}
      />
    </div>
  );
}
