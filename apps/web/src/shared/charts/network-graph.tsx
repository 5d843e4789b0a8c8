import { useTranslation } from 'react-i18next';
import { ChartLegend } from './legend.tsx';
import { ChartTable } from './chart-table.tsx';
import classes from './charts.module.css';
import { CHARTS_NAMESPACE } from './texts.ts';
import { chartLocale, formatChartNumber } from './format.ts';
import { layoutNetwork, NODE_RADIUS } from './network-layout.ts';
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

/** Above this many edges their values would cover each other: they stay in the tooltips and the table. */
const MAX_EDGE_LABELS = 10;
/** Where along its line an edge's value is written: off the middle, where the diagonals of a circle cross. */
const LABEL_AT = 0.36;

/**
 * The team as a network: people on a circle, each named beside their node (along its radius when level names would
 * meet, see `layoutNetwork`), each pair joined by a line coloured by its rating's zone (legend below) and labelled with
 * the rating while few enough; a visually hidden table lists every pair with the people's whole names.
 */
export function NetworkGraph({ title, nodes, edges, zones, valueTitle, pairTitle, digits = 0, testId = 'network-graph' }: Props) {
  const { t, i18n } = useTranslation(CHARTS_NAMESPACE);
  const locale = chartLocale(i18n.language);
  const [ref, width] = useChartWidth<HTMLDivElement>(480);
  const layout = layoutNetwork(
    nodes.map((node) => node.name),
    width,
  );
  const indexOf = new Map(nodes.map((node, index) => [node.id, index]));
  const nameOf = (id: string) => nodes[indexOf.get(id) ?? -1]?.name ?? id;
  const format = (value: number) => formatChartNumber(value, locale, digits);
  const shown = edges.filter((edge) => indexOf.has(edge.a) && indexOf.has(edge.b));
  return (
    <div ref={ref} className={classes.chart} data-testid={testId}>
      <div className={classes.scrollX}>
        <svg className={classes.svg} width={layout.width} height={layout.height} aria-hidden="true" focusable="false">
          {shown.map((edge) => {
            const a = layout.nodes[indexOf.get(edge.a)!]!;
            const b = layout.nodes[indexOf.get(edge.b)!]!;
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
            const p = layout.nodes[index]!;
            const label = layout.labels[index]!;
            return (
              <g key={node.id} data-testid="network-node">
                {label.text === node.name ? null : <title>{node.name}</title>}
                <circle cx={p.x} cy={p.y} r={NODE_RADIUS - 1} fill="#343a40" stroke="#fff" strokeWidth={2} />
                <text
                  className={classes.axisTitle}
                  x={label.x}
                  y={label.y}
                  dy={label.dy || undefined}
                  textAnchor={label.anchor}
                  transform={label.rotate ? `rotate(${label.rotate} ${label.x} ${label.y})` : undefined}
                >
                  {label.text}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
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
