/**
 * What an error may say in the log. A failed statement carries its parameters (password hashes, e-mail addresses,
 * tokens): Drizzle puts them in its message (`Failed query: ... params: ...`) and in `params`, PGlite adds `params`
 * and `queryOptions`, PostgreSQL's `detail` names the values of a violated key, and some driver messages quote the
 * offending value. So an error is logged from a whitelist of fields, with values taken out of its messages.
 */

/** Fields of a driver error that name things (a constraint, a table), never values. */
const SAFE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint', 'errno', 'syscall'] as const;

/** Quoted words after these name a database object, not a value, and stay readable. */
const NAMED_OBJECT = /(?:constraint|relation|column|table|index|type|schema|function|encoding|role|database|sequence|trigger|channel)\s*$/i;

/** Takes the parameters out of Drizzle's message and the quoted values out of a driver's message. */
export function redactMessage(message: string): string {
  // Drizzle's statement is parameterised (its quotes are identifiers); its values follow `params:`.
  if (message.startsWith('Failed query: ')) return message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  return message.replace(/"((?:[^"\\]|\\.|"")*)"/g, (whole, _inner: string, offset: number, text: string) =>
    NAMED_OBJECT.test(text.slice(Math.max(0, offset - 20), offset)) ? whole : '"[redacted]"',
  );
}

type SerializedError = { type: string; message: string; stack: string; query?: string; cause?: SerializedError } & Partial<
  Record<(typeof SAFE_FIELDS)[number], unknown>
>;

function serialize(error: unknown, depth: number): SerializedError {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return { type: typeof error, message: '[redacted]', stack: '' };
  const source = error as Error & Record<string, unknown>;
  const type = typeof source.name === 'string' ? source.name : 'Error';
  const message = redactMessage(typeof source.message === 'string' ? source.message : '');
  const serialized: SerializedError = { type, message, stack: '' };
  for (const field of SAFE_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  // The statement text is parameterised: its values travel apart, in the parameters left out here.
  if (typeof source.query === 'string') serialized.query = source.query.slice(0, 2_000);
  if (typeof source.stack === 'string') {
    // The first lines of a stack repeat the message; only the frames are kept under the redacted message.
    const frames = source.stack.split('\n').filter((line) => /^\s+at /.test(line));
    serialized.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (source.cause !== undefined && depth < 4) serialized.cause = serialize(source.cause, depth + 1);
  return serialized;
}

/** The pino serializer of `err` for every logger of the server: what an error may say in the log. */
export function serializeError(error: unknown): SerializedError {
  return serialize(error, 0);
}
