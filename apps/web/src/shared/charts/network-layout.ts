/**
 * Where a network's people and their names go. A few people are named level beside their node; once level names would
 * cover each other or leave the drawing (many people near the top and bottom of the circle, or a narrow phone), every
 * name is written along its radius, outwards, as in a chord diagram, and the circle is made large enough that
 * neighbouring names have a line's height between them where they start and the nodes stay apart; names are cut to
 * what the width leaves. The geometry is checked, not guessed: `labelsFit` reads each name's box as drawn, and the tests
 * hold for 2 to 60 people on a phone and a desktop that no name meets another name or a node, none leaves the drawing,
 * and no two nodes meet.
 */
import { CHAR_PX, shortName } from './text-width.ts';

/** Above the baseline and below it, of a 12 px line. */
const ASCENT = 10;
const DESCENT = 3;
const MAX_CHARS = 18;
/** The fewest characters a name is cut to (two letters and the ellipsis). */
const MIN_CHARS = 3;
/** A node's circle as drawn (7 px and half its 2 px white ring). */
export const NODE_RADIUS = 8;
/** Between neighbouring nodes' centres on the circle: their circles and a little air. */
const NODE_PITCH = 2 * NODE_RADIUS + 2;
/** From a node's centre to where its name starts. */
const NODE_GAP = 12;
const MIN_RADIUS = 40;
const MAX_RADIUS = 150;
/** Along the circle where radial names start, from one name's centre line to the next: a line and a little air. */
const RADIAL_PITCH = 15;
/** Kept clear between a name and the drawing's edge. */
const EDGE = 4;

export type NetworkPoint = { x: number; y: number };
export type NetworkLabel = {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** Degrees about (x, y); 0 for a level name. */
  rotate: number;
  /** Shifts the text down from (x, y) to put its baseline there: a radial name is centred on its radius. */
  dy: number;
  text: string;
};
export type NetworkLayout = { width: number; height: number; radial: boolean; nodes: NetworkPoint[]; labels: NetworkLabel[] };

/** The longest name's length in characters, as far as a name is ever shown (MIN_CHARS to MAX_CHARS). */
const longestOf = (names: readonly string[]) => Math.max(MIN_CHARS, ...names.map((name) => Math.min(name.length, MAX_CHARS)));

const angleOf = (index: number, count: number) => (index / Math.max(1, count)) * 2 * Math.PI - Math.PI / 2;

/** People on a circle in a drawing `width` wide, their names level and beside them (the layout for a few people). */
export function levelLayout(names: readonly string[], width: number): NetworkLayout {
  const longest = longestOf(names);
  const side = Math.min(width, 520);
  const radius = Math.max(MIN_RADIUS, Math.min(side / 2 - (CHAR_PX * longest + 14), MAX_RADIUS));
  const height = 2 * radius + 60;
  const cx = width / 2;
  const cy = height / 2;
  const nodes: NetworkPoint[] = [];
  const labels: NetworkLabel[] = [];
  names.forEach((name, index) => {
    const angle = angleOf(index, names.length);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const x = cx + radius * cos;
    const y = cy + radius * sin;
    const upright = Math.abs(cos) < 0.3;
    nodes.push({ x, y });
    const at = (gap: number): NetworkLabel => ({
      x: x + cos * gap,
      y: y + sin * gap + (upright ? (sin > 0 ? 12 : -4) : 4),
      anchor: upright ? 'middle' : cos > 0 ? 'start' : 'end',
      rotate: 0,
      dy: 0,
      text: shortName(name, MAX_CHARS),
    });
    // Out along the node's ray until the name clears the node (near the top and the bottom a level name beside it would
    // touch it).
    let gap = NODE_GAP;
    while (gap < 3 * NODE_GAP && boxMeetsCircle(boxOf(at(gap)), { x, y }, NODE_RADIUS)) gap += 1;
    labels.push(at(gap));
  });
  return { width, height, radial: false, nodes, labels };
}

/** People on a circle large enough for names along the radii, the names cut to what the width leaves them. */
function radialLayout(names: readonly string[], width: number): NetworkLayout {
  const count = names.length;
  const half = width / 2;
  const fewest = Math.max(MIN_RADIUS, (RADIAL_PITCH * count) / (2 * Math.PI) - NODE_GAP, (NODE_PITCH * count) / (2 * Math.PI));
  let chars = longestOf(names);
  const radius = Math.max(fewest, Math.min(half - NODE_GAP - CHAR_PX * chars - EDGE, MAX_RADIUS));
  chars = Math.max(MIN_CHARS, Math.min(chars, Math.floor((half - radius - NODE_GAP - EDGE) / CHAR_PX)));
  const outer = radius + NODE_GAP + CHAR_PX * chars + EDGE;
  // Only when even the shortest names do not fit (some 60 people on a 320 px phone) is the drawing wider than its box.
  const drawn = Math.max(width, 2 * outer);
  const cx = drawn / 2;
  const cy = outer;
  const nodes: NetworkPoint[] = [];
  const labels: NetworkLabel[] = [];
  names.forEach((name, index) => {
    const angle = angleOf(index, count);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const degrees = (angle * 180) / Math.PI;
    // The left half is turned over, so that no name reads upside down.
    const left = cos < -1e-9;
    nodes.push({ x: cx + radius * cos, y: cy + radius * sin });
    labels.push({
      x: cx + (radius + NODE_GAP) * cos,
      y: cy + (radius + NODE_GAP) * sin,
      anchor: left ? 'end' : 'start',
      rotate: left ? degrees + 180 : degrees,
      dy: (ASCENT - DESCENT) / 2,
      text: shortName(name, chars),
    });
  });
  return { width: drawn, height: 2 * outer, radial: true, nodes, labels };
}

/** The four corners of a name's box as drawn: its text's extent along its baseline, from ascent to descent. */
function boxOf(label: NetworkLabel): NetworkPoint[] {
  const length = label.text.length * CHAR_PX;
  const from = label.anchor === 'start' ? 0 : label.anchor === 'end' ? -length : -length / 2;
  const top = label.dy - ASCENT;
  const bottom = label.dy + DESCENT;
  const turn = (label.rotate * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  return [
    [from, top],
    [from + length, top],
    [from + length, bottom],
    [from, bottom],
  ].map(([u, v]) => ({ x: label.x + u! * cos - v! * sin, y: label.y + u! * sin + v! * cos }));
}

/** Every name's box as drawn. */
export function labelBoxes(layout: NetworkLayout): NetworkPoint[][] {
  return layout.labels.map(boxOf);
}

/** Whether a convex box and a circle overlap: the centre inside the box, or an edge nearer it than the radius. */
export function boxMeetsCircle(box: NetworkPoint[], centre: NetworkPoint, radius: number): boolean {
  let inside = true;
  for (let i = 0; i < box.length; i++) {
    const p = box[i]!;
    const q = box[(i + 1) % box.length]!;
    const ex = q.x - p.x;
    const ey = q.y - p.y;
    const t = Math.max(0, Math.min(1, ((centre.x - p.x) * ex + (centre.y - p.y) * ey) / (ex * ex + ey * ey)));
    if (Math.hypot(p.x + t * ex - centre.x, p.y + t * ey - centre.y) < radius) return true;
    const side = ex * (centre.y - p.y) - ey * (centre.x - p.x);
    const turn = (box[(i + 2) % box.length]!.x - p.x) * ey - (box[(i + 2) % box.length]!.y - p.y) * ex;
    if (side * turn > 0) inside = false;
  }
  return inside;
}

/** Whether two convex boxes overlap (separating axis test over both boxes' edges). */
export function boxesMeet(a: NetworkPoint[], b: NetworkPoint[]): boolean {
  for (const box of [a, b]) {
    for (let i = 0; i < box.length; i++) {
      const p = box[i]!;
      const q = box[(i + 1) % box.length]!;
      const nx = q.y - p.y;
      const ny = p.x - q.x;
      const project = (points: NetworkPoint[]) => points.map((point) => point.x * nx + point.y * ny);
      const pa = project(a);
      const pb = project(b);
      if (Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa)) return false;
    }
  }
  return true;
}

/**
 * Whether a layout can be read: every name inside the drawing and apart from every other name and every node, and the
 * nodes apart from each other.
 */
export function labelsFit(layout: NetworkLayout): boolean {
  const boxes = labelBoxes(layout);
  const inside = boxes.every((box) => box.every((p) => p.x >= 0 && p.x <= layout.width && p.y >= 0 && p.y <= layout.height));
  const namesApart = boxes.every((box, i) => boxes.slice(i + 1).every((other) => !boxesMeet(box, other)));
  const clearOfNodes = boxes.every((box) => layout.nodes.every((node) => !boxMeetsCircle(box, node, NODE_RADIUS)));
  const nodesApart = layout.nodes.every((node, i) =>
    layout.nodes.slice(i + 1).every((other) => Math.hypot(node.x - other.x, node.y - other.y) >= 2 * NODE_RADIUS),
  );
  return inside && namesApart && clearOfNodes && nodesApart;
}

/** The layout for these names in a drawing `width` wide: level names while they fit, names along the radii when not. */
export function layoutNetwork(names: readonly string[], width: number): NetworkLayout {
  const level = levelLayout(names, width);
  return labelsFit(level) ? level : radialLayout(names, width);
}
