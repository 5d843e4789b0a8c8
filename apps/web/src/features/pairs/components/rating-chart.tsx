import { CONDITION_BANDS } from '@teamcast/contracts';

type Props = {
  monthly: number[];
  /** 10th-90th percentile per month, when known. */
  band?: { p10: number[]; p90: number[] } | null;
  /** Short month labels, one per value. */
  labels: string[];
  best: number;
  worst: number;
  title: string;
  bestLabel: string;
  worstLabel: string;
};

const W = 640;
const H = 260;
const PAD = { left: 40, right: 16, top: 16, bottom: 32 };
const BAND_COLORS: Record<string, string> = { depressed: '#fde2e2', bad: '#feeede', anxious: '#fff8db', good: '#e6f6ea', excellent: '#d3f0dc' };

const x = (i: number, n: number) => PAD.left + ((W - PAD.left - PAD.right) * (n === 1 ? 0.5 : i / (n - 1)));
/** Ratings run from −100 (bottom) to 100 (top). */
const y = (v: number) => PAD.top + ((H - PAD.top - PAD.bottom) * (100 - v)) / 200;

/** The 12-month rating on the condition bands, with its uncertainty band and the best and worst month marked. */
export function RatingChart({ monthly, band, labels, best, worst, title, bestLabel, worstLabel }: Props) {
  const n = monthly.length;
  const line = monthly.map((v, i) => `${x(i, n)},${y(v)}`).join(' ');
  const area = band ? [...band.p90.map((v, i) => `${x(i, n)},${y(v)}`), ...band.p10.map((v, i) => `${x(i, n)},${y(v)}`).reverse()].join(' ') : null;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={title} data-testid="rating-chart" style={{ maxWidth: W }}>
      <title>{title}</title>
      {CONDITION_BANDS.map((b) => (
        <rect key={b.band} x={PAD.left} width={W - PAD.left - PAD.right} y={y(b.max)} height={y(b.min) - y(b.max)} fill={BAND_COLORS[b.band]} />
      ))}
      {[-100, -50, 0, 50, 100].map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#ccc" strokeDasharray={v === 0 ? undefined : '2 4'} />
          <text x={PAD.left - 6} y={y(v) + 4} fontSize={11} textAnchor="end" fill="#666">
            {v}
          </text>
        </g>
      ))}
      {area ? <polygon points={area} fill="#228be6" opacity={0.15} /> : null}
      <polyline points={line} fill="none" stroke="#1c7ed6" strokeWidth={2.5} />
      {monthly.map((v, i) => (
        <circle key={i} cx={x(i, n)} cy={y(v)} r={3} fill="#1c7ed6" />
      ))}
      {labels.map((label, i) => (
        <text key={i} x={x(i, n)} y={H - 10} fontSize={11} textAnchor="middle" fill="#555">
          {label}
        </text>
      ))}
      <g data-testid="best-month">
        <circle cx={x(best, n)} cy={y(monthly[best]!)} r={7} fill="none" stroke="#2b8a3e" strokeWidth={2.5} />
        <text x={x(best, n)} y={y(monthly[best]!) - 12} fontSize={11} textAnchor="middle" fill="#2b8a3e">
          {bestLabel}
        </text>
      </g>
      <g data-testid="worst-month">
        <circle cx={x(worst, n)} cy={y(monthly[worst]!)} r={7} fill="none" stroke="#c92a2a" strokeWidth={2.5} />
        <text x={x(worst, n)} y={y(monthly[worst]!) + 20} fontSize={11} textAnchor="middle" fill="#c92a2a">
          {worstLabel}
        </text>
      </g>
    </svg>
  );
}
