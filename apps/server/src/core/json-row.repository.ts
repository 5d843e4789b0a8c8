import { Column, is, sql, SQL, type DriverValueDecoder } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column types whose JSON value, run through the column's decoder, is what the driver's text value gives: text, whole
 * and floating numbers (PostgreSQL writes floats the same shortest way in both), booleans, json, timestamps (a Date
 * either way) and dates as strings (ISO in both). Not among them: numeric and bigint (JSON numbers lose digits),
 * timestamps as strings (JSON writes a "T"), bytea and custom types.
 */
const SAME_IN_JSON = new Set([
  'PgText',
  'PgVarchar',
  'PgUUID',
  'PgBoolean',
  'PgInteger',
  'PgSmallInt',
  'PgDoublePrecision',
  'PgReal',
  'PgJson',
  'PgJsonb',
  'PgTimestamp',
  'PgDateString',
]);

/** A statement's columns by the key each is read under: table columns or SQL expressions. */
export type JsonRowColumns = Record<string, AnyPgColumn | SQL | SQL.Aliased>;

/**
 * A row read as one JSON value instead of a column per field, for a hot statement with many columns (the profile read).
 *
 * For every result, node-postgres parses the row's description and builds a parser per column (building an object
 * with a key per column as it goes), and Drizzle maps each value: for the profile read's 43 columns that was about a
 * sixth of the read's CPU time in the server (docs/PERFORMANCE.md). Read as `row_to_json` over a sub-select of the same
 * columns, each aliased by its key, the row is one column, which both drivers parse with JSON.parse. `decode` then
 * runs each field's own Drizzle decoder on it, as Drizzle's row mapping does (a timestamp's JSON string becomes a
 * Date, a number stays a number), so the row is the same, value for value (`json-row.repository.test.ts`).
 */
export function jsonRow(columns: JsonRowColumns): { fields: Record<string, SQL.Aliased>; decode<R>(value: unknown): R } {
  const fields: Record<string, SQL.Aliased> = {};
  const decoders: [string, DriverValueDecoder<unknown, unknown>][] = [];
  for (const [key, column] of Object.entries(columns)) {
    if (is(column, Column) && !SAME_IN_JSON.has(column.columnType)) {
      throw new Error(`jsonRow: column ${column.name} (${column.columnType}) is not read the same as JSON; read it as a column`);
    }
    const expression = is(column, SQL.Aliased) ? column.sql : column;
    fields[key] = sql`${expression}`.as(key);
    // An expression's decoder is what `mapWith` set (Drizzle's own row mapping reads the same field; its type is internal).
    const decoder = is(expression, Column) ? expression : (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
    decoders.push([key, decoder]);
  }
  return {
    fields,
    decode<R>(value: unknown): R {
      const row = value as Record<string, unknown>;
      for (const [key, decoder] of decoders) {
        const field = row[key];
        row[key] = field === null ? null : decoder.mapFromDriverValue(field);
      }
      return row as R;
    },
  };
}

/** The column of a statement that reads a `jsonRow` sub-select aliased `row`: the whole row as one JSON value. */
export const ROW_AS_JSON = sql<unknown>`row_to_json(${sql.identifier('row')})`;
