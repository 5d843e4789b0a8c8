/**
 * The compact encoding of a scene's computed dataset (issue 23): the dataset's numbers are already rounded to 2
 * decimals, so each numeric column travels as whole hundredths, each value written as its difference from the value
 * before it in the same series (an actor's or a pair's days, a team column's days). Forecast series move little from
 * day to day, so the numbers become short and repetitive and the gzip'ed dataset of a 300-person team shrinks about
 * threefold. Decoding gives back exactly the numbers the engine's plain columns hold (null stays null).
 */

/** The `encoding` mark of a compact dataset; a dataset without it is plain (runs stored before the encoding). */
export const SCENE_DATASET_ENCODING = 'centi-delta-1';

type Column = Array<number | null>;
type Columns = Record<string, unknown>;
/** A plain column, or an engine's typed column (NaN where the plain one has null). */
type Values = Column | ArrayLike<number>;
type Pairs = { pairCount: number; days: number[]; ratings: Values };
type DatasetShape = { days: number; actorColumns: Columns; teamColumns: Columns; pairs: Pairs; encoding?: string };

const isColumn = (value: unknown): value is Values =>
  (Array.isArray(value) && value.every((v) => v === null || typeof v === 'number')) || (ArrayBuffer.isView(value) && !(value instanceof DataView));

/**
 * Hundredths, as differences within each run of `stride` values (a series); null (NaN in a typed column) is kept as null
 * and skipped over. A typed column's value v gives Math.round(v * 100), the same whole number as its plain value
 * (v rounded to 2 decimals) gives, so encoding the engine's columns directly equals encoding the plain ones.
 */
function deltas(values: ArrayLike<number | null>, stride: number, order: (i: number) => number = (i) => i): Column {
  const out: Column = new Array<number | null>(values.length);
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    if (i % stride === 0) previous = 0;
    const value = values[order(i)];
    if (value === null || value === undefined || !Number.isFinite(value)) {
      out[i] = null;
      continue;
    }
    const whole = Math.round(value * 100);
    out[i] = whole - previous;
    previous = whole;
  }
  return out;
}

/** The inverse of `deltas`: writes each decoded value at `order(i)`. */
function sums(encoded: Column, stride: number, order: (i: number) => number = (i) => i): Column {
  const out: Column = new Array<number | null>(encoded.length);
  let whole = 0;
  for (let i = 0; i < encoded.length; i++) {
    if (i % stride === 0) whole = 0;
    const step = encoded[i];
    if (step === null || step === undefined) {
      out[order(i)] = null;
      continue;
    }
    whole += step;
    out[order(i)] = whole / 100;
  }
  return out;
}

const mapColumns = (columns: Columns, map: (column: Values) => Column): Columns =>
  Object.fromEntries(Object.entries(columns).map(([name, value]) => [name, isColumn(value) ? map(value) : value]));

/**
 * Pair ratings are stored day-major (stored day s, pair p at [s * pairCount + p]); encoded pair-major, so each pair's
 * days follow one another. `at(i)` is the day-major index of the i-th pair-major value.
 */
const pairMajor = (pairs: Pairs) => {
  const stored = pairs.days.length;
  return (i: number) => (i % stored) * pairs.pairCount + Math.floor(i / stored);
};

/** The dataset with its numeric columns in the compact encoding (other fields unchanged). */
export function encodeSceneDataset<T extends DatasetShape>(dataset: T): T & { encoding: string } {
  if (dataset.encoding === SCENE_DATASET_ENCODING) return dataset as T & { encoding: string };
  return {
    ...dataset,
    encoding: SCENE_DATASET_ENCODING,
    actorColumns: mapColumns(dataset.actorColumns, (column) => deltas(column, Math.max(1, dataset.days))),
    teamColumns: mapColumns(dataset.teamColumns, (column) => deltas(column, Math.max(1, column.length))),
    pairs: { ...dataset.pairs, ratings: deltas(dataset.pairs.ratings, Math.max(1, dataset.pairs.days.length), pairMajor(dataset.pairs)) },
  };
}

/** The plain dataset back from its compact encoding; a plain dataset is answered as it is. */
export function decodeSceneDataset<T extends Partial<DatasetShape>>(dataset: T): T {
  if (dataset.encoding !== SCENE_DATASET_ENCODING || !dataset.actorColumns || !dataset.teamColumns || !dataset.pairs || dataset.days === undefined)
    return dataset;
  const plain: T = { ...dataset };
  delete plain.encoding;
  const days = dataset.days;
  return {
    ...plain,
    actorColumns: mapColumns(dataset.actorColumns, (column) => sums(column as Column, Math.max(1, days))),
    teamColumns: mapColumns(dataset.teamColumns, (column) => sums(column as Column, Math.max(1, column.length))),
    pairs: { ...dataset.pairs, ratings: sums(dataset.pairs.ratings as Column, Math.max(1, dataset.pairs.days.length), pairMajor(dataset.pairs)) },
  } as T;
}
