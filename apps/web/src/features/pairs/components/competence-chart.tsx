type Lines = { k: number[]; p: number[]; l: number[] };
type Props = { people: Array<{ name: string; lines: Lines }>; titles: { k: string; p: string; l: string }; caption: string };

const W = 200;
const H = 120;
const PAD = { left: 28, right: 8, top: 10, bottom: 18 };
const COLORS = ['#1c7ed6', '#e8590c'];

/** Scores are 0-100; each small chart zooms to the range its two lines use, so a few points of growth stay visible. */
function Small({ title, series }: { title: string; series: Array<{ name: string; values: number[] }> }) {
  const all = series.flatMap((s) => s.values);
  const lo = Math.max(0, Math.floor(Math.min(...all) / 10) * 10);
  const hi = Math.min(100, Math.max(lo + 10, Math.ceil(Math.max(...all) / 10) * 10));
  const n = series[0]?.values.length ?? 12;
  const x = (i: number) => PAD.left + ((W - PAD.left - PAD.right) * i) / Math.max(1, n - 1);
  const y = (v: number) => PAD.top + ((H - PAD.top - PAD.bottom) * (hi - v)) / (hi - lo);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={title} style={{ maxWidth: 260 }}>
      <title>{title}</title>
      <text x={PAD.left} y={H - 2} fontSize={10} fill="#555">
        {title}
      </text>
      {[lo, hi].map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#ddd" />
          <text x={PAD.left - 4} y={y(v) + 3} fontSize={9} textAnchor="end" fill="#666">
            {v}
          </text>
        </g>
      ))}
      {series.map((s, index) => (
        <polyline key={s.name + index} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} fill="none" stroke={COLORS[index % COLORS.length]} strokeWidth={2} />
      ))}
    </svg>
  );
}

/** K, P and L of both people at the end of each month of the year together. */
export function CompetenceChart({ people, titles, caption }: Props) {
  return (
    <figure style={{ margin: 0 }} data-testid="competence-chart">
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 8 }}>
        {(['k', 'p', 'l'] as const).map((key) => (
          <Small key={key} title={titles[key]} series={people.map((person) => ({ name: person.name, values: person.lines[key] }))} />
        ))}
      </div>
      <figcaption style={{ fontSize: 12, display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {caption}
        {people.map((person, index) => (
          <span key={person.name + index}>
            <span aria-hidden style={{ display: 'inline-block', width: 12, height: 3, background: COLORS[index % COLORS.length], verticalAlign: 'middle', marginRight: 4 }} />
            {person.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
