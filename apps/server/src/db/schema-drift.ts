import { generateDrizzleJson } from 'drizzle-kit/api';
import type { Database } from '../core/db.ts';

/**
 * Differences between the Drizzle schema (what the code believes) and the catalogue of a migrated database (what the
 * hand-written SQL migrations made): tables, columns with their types, nullability and defaults, primary keys, foreign
 * keys with their delete rule, unique constraints, and indexes with their columns, order, uniqueness and predicate.
 * Check constraints are not compared: they are written in the migrations only (the queries never rely on them, the
 * database enforces them), which docs/ARCHITECTURE.md states.
 * An empty list means no drift. Test-only (drizzle-kit is a development dependency): `schema-drift.test.ts` runs it on
 * both drivers in CI.
 */
export async function schemaDrift(database: Database, schema: Record<string, unknown>): Promise<string[]> {
  const expected = describeSchema(schema);
  const actual = await describeDatabase(database);
  const drift: string[] = [];
  for (const table of new Set([...expected.keys(), ...actual.keys()])) {
    const want = expected.get(table);
    const have = actual.get(table);
    if (!want) drift.push(`table ${table}: in the database, not in the schema`);
    else if (!have) drift.push(`table ${table}: in the schema, not in the database`);
    else drift.push(...compareSets(`table ${table}`, want, have));
  }
  return drift;
}

/** A table as a set of comparable facts, each a line such as `column state text not null default 'ack_q'`. */
type TableFacts = Set<string>;

function compareSets(prefix: string, want: TableFacts, have: TableFacts): string[] {
  const out: string[] = [];
  for (const fact of want) if (!have.has(fact)) out.push(`${prefix}: schema has "${fact}", the database does not`);
  for (const fact of have) if (!want.has(fact)) out.push(`${prefix}: the database has "${fact}", the schema does not`);
  return out;
}

/** `'ack_q'::text` → `'ack_q'`; `'[]'::jsonb` stays typed where the schema writes the cast too, so casts are dropped on both sides. */
function normaliseDefault(value: string): string {
  let text = value.trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(/::[a-z_ ]+(\[\])?$/i, '').replace(/^\((.*)\)$/s, '$1');
  }
  return text.replace(/^CURRENT_TIMESTAMP$/i, 'now()');
}

const normaliseType = (type: string): string =>
  type
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^varchar/, 'character varying')
    .replace(/\s*,\s*/g, ',');

const normaliseWhere = (where: string): string =>
  where
    .replace(/[()"\s]/g, '')
    .replace(/::[a-z_]+/gi, '')
    .toLowerCase();

type DrizzleColumn = { name: string; type: string; notNull: boolean; primaryKey: boolean; default?: unknown };
type DrizzleIndex = { name: string; columns: Array<{ expression: string; asc: boolean }>; isUnique: boolean; where?: string };
type DrizzleTable = {
  name: string;
  columns: Record<string, DrizzleColumn>;
  indexes: Record<string, DrizzleIndex>;
  foreignKeys: Record<string, { columnsFrom: string[]; tableTo: string; columnsTo: string[]; onDelete?: string }>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
  uniqueConstraints: Record<string, { name: string; columns: string[] }>;
};

function describeSchema(schema: Record<string, unknown>): Map<string, TableFacts> {
  const json = generateDrizzleJson(schema) as unknown as { tables: Record<string, DrizzleTable> };
  const tables = new Map<string, TableFacts>();
  for (const table of Object.values(json.tables)) {
    const facts: TableFacts = new Set();
    const primary = Object.values(table.columns)
      .filter((c) => c.primaryKey)
      .map((c) => c.name);
    for (const pk of Object.values(table.compositePrimaryKeys)) primary.push(...pk.columns);
    if (primary.length) facts.add(`primary key (${primary.join(', ')})`);
    for (const column of Object.values(table.columns)) {
      const notNull = column.notNull || column.primaryKey;
      const fallback = column.default === undefined ? '' : ` default ${normaliseDefault(String(column.default))}`;
      facts.add(`column ${column.name} ${normaliseType(column.type)}${notNull ? ' not null' : ''}${column.type.includes('serial') ? '' : fallback}`);
    }
    for (const fk of Object.values(table.foreignKeys)) {
      facts.add(`foreign key (${fk.columnsFrom.join(', ')}) references ${fk.tableTo} (${fk.columnsTo.join(', ')}) on delete ${fk.onDelete ?? 'no action'}`);
    }
    for (const unique of Object.values(table.uniqueConstraints)) facts.add(`unique (${unique.columns.join(', ')})`);
    for (const index of Object.values(table.indexes)) {
      const where = index.where ? ` where ${normaliseWhere(index.where)}` : '';
      facts.add(
        `${index.isUnique ? 'unique ' : ''}index ${index.name} (${index.columns.map((c) => c.expression.replace(/"/g, '') + (c.asc ? '' : ' desc')).join(', ')})${where}`,
      );
    }
    tables.set(table.name, facts);
  }
  return tables;
}

const DELETE_RULES: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

async function describeDatabase(database: Database): Promise<Map<string, TableFacts>> {
  const tables = new Map<string, TableFacts>();
  const factsOf = (table: string): TableFacts => {
    let facts = tables.get(table);
    if (!facts) tables.set(table, (facts = new Set()));
    return facts;
  };
  const tableRows = await database.query<{ table: string }>(
    `select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  const migrationsTable = new Set(['schema_migrations', '__migrations', 'migrations']);
  for (const { table } of tableRows) if (!migrationsTable.has(table)) factsOf(table);
  const known = (table: string): boolean => tables.has(table);

  const columns = await database.query<{ table: string; column: string; type: string; not_null: boolean; default: string | null; identity: string }>(
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
            pg_get_expr(d.adbin, d.adrelid) as "default", a.attidentity as identity
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  for (const column of columns) {
    if (!known(column.table)) continue;
    const sequence = column.default?.startsWith('nextval(') ?? false;
    const fallback = column.default === null || sequence ? '' : ` default ${normaliseDefault(column.default)}`;
    factsOf(column.table).add(`column ${column.column} ${normaliseType(column.type)}${column.not_null ? ' not null' : ''}${fallback}`);
  }

  const constraints = await database.query<{
    table: string;
    type: string;
    name: string;
    columns: string[];
    ref_table: string | null;
    ref_columns: string[] | null;
    on_delete: string;
  }>(
    `select c.relname as "table", k.contype as type, k.conname as name,
            array(select a.attname from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i)::text[] as columns,
            r.relname as ref_table,
            array(select a.attname from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i)::text[] as ref_columns,
            k.confdeltype as on_delete
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_class r on r.oid = k.confrelid
      where n.nspname = 'public' and k.contype in ('p', 'f', 'u')`,
  );
  for (const k of constraints) {
    if (!known(k.table)) continue;
    const facts = factsOf(k.table);
    if (k.type === 'p') facts.add(`primary key (${k.columns.join(', ')})`);
    else if (k.type === 'u') facts.add(`unique (${k.columns.join(', ')})`);
    else
      facts.add(
        `foreign key (${k.columns.join(', ')}) references ${k.ref_table} (${(k.ref_columns ?? []).join(', ')}) on delete ${DELETE_RULES[k.on_delete] ?? k.on_delete}`,
      );
  }

  // Indexes the schema declares (those backing a primary key or unique constraint are facts of the constraint above).
  const indexes = await database.query<{ table: string; name: string; unique: boolean; columns: string[]; where: string | null }>(
    `select c.relname as "table", ic.relname as name, i.indisunique as "unique",
            array(select pg_get_indexdef(i.indexrelid, k.n::int + 1, true) || case when i.indoption[k.n] & 1 = 1 then ' desc' else '' end from generate_subscripts(i.indkey, 1) k(n) order by k.n)::text[] as columns,
            pg_get_expr(i.indpred, i.indrelid) as "where"
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_class ic on ic.oid = i.indexrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const index of indexes) {
    if (!known(index.table)) continue;
    const where = index.where ? ` where ${normaliseWhere(index.where)}` : '';
    factsOf(index.table).add(`${index.unique ? 'unique ' : ''}index ${index.name} (${index.columns.map((c) => c.replace(/"/g, '')).join(', ')})${where}`);
  }
  return tables;
}
