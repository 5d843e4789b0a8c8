import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from './errors.ts';

/**
 * Keyset (cursor) paging for lists ordered by a timestamp and the row id (issue 30, docs/PERFORMANCE.md "Lists"): a page
 * starts right after the previous page's last row, so rows inserted meanwhile are neither repeated nor skipped, and a
 * deep page reads no more rows than the first when an index gives the order. The cursor is the last row's sort key and
 * id, base64url JSON; anything else is refused on the `cursor` field.
 */

/** A sort key as the cursor carries it: UTC with microseconds, so it compares exactly with the stored value. */
const SORT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The column as a cursor's sort key, to select beside the row. */
export const sortKeyOf = (column: AnyColumn): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && SORT_KEY.test(parsed[0])) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('validation_failed', undefined, 'cursor');
}

/** The rows after a cursor in (column, id) order, ascending or descending. */
export function afterCursor(column: AnyColumn, id: AnyColumn, cursor: string, order: 'asc' | 'desc'): SQL {
  return afterKey(column, id, decodeCursor(cursor), order);
}

/** The cursor's sort key and id as a prepared statement's values (`afterKey` with placeholders); refused as `afterCursor` refuses. */
export const cursorValues = (cursor: string): { cursorKey: string; cursorId: string } => {
  const { key, id } = decodeCursor(cursor);
  return { cursorKey: key, cursorId: id };
};

/** The rows after a sort key and id, given as values or as placeholders of a prepared statement. */
export function afterKey(column: AnyColumn, id: AnyColumn, after: { key: unknown; id: unknown }, order: 'asc' | 'desc'): SQL {
  return sql`(${column}, ${id}) ${order === 'asc' ? sql`>` : sql`<`} (${after.key}::timestamptz, ${after.id})`;
}

/** A page read with `limit + 1` rows: the rows to show and the next page's cursor (null on the last page). */
export function keysetPage<R>(rows: R[], limit: number, keyOf: (row: R) => { sortKey: string; id: string }): { rows: R[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  if (rows.length <= limit || !last) return { rows: shown, nextCursor: null };
  const { sortKey, id } = keyOf(last);
  return { rows: shown, nextCursor: Buffer.from(JSON.stringify([sortKey, id])).toString('base64url') };
}
