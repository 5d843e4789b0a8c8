import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type Stringify = (data: unknown) => string;

/**
 * The response's JSON Schema (from its zod contract) compiled by fast-json-stringify: it writes only the declared
 * fields, as the contract's encoding would. A schema JSON Schema cannot express (none of ours today) falls back to
 * zod's encoding and JSON.stringify, so an answer is never wrong, only slower.
 */
type JsonSchemaNode = { [key: string]: unknown };
const isNode = (value: unknown): value is JsonSchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A nullable field (`anyOf: [X, { type: 'null' }]` in zod's JSON Schema) as X with `nullable: true`: fast-json-stringify
 * writes that with a null check, where for `anyOf` it runs a JSON Schema validator on every answer to pick the branch.
 */
function withNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullables);
  if (!isNode(node)) return node;
  const next: JsonSchemaNode = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNullables(value)]));
  const branches = next.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return next;
  const nullAt = branches.findIndex((branch) => isNode(branch) && branch.type === 'null' && Object.keys(branch).length === 1);
  const other: unknown = branches[1 - nullAt];
  if (nullAt < 0 || !isNode(other) || typeof other.type !== 'string' || '$ref' in other || 'anyOf' in other || 'oneOf' in other || 'nullable' in other)
    return next;
  const { anyOf: _anyOf, ...rest } = next;
  return { ...rest, ...other, nullable: true };
}

function compile(schema: ZodType): Stringify {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any', cycles: 'ref' });
    return fastJson(withNullables(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return (data) => JSON.stringify(z.encode(schema, data));
  }
}

/**
 * Fastify's response serializer. In production a response is written by its compiled serializer without being
 * checked; with `validate` (the test suites, NODE_ENV=test) it is first checked against its contract, so a handler
 * answering another shape fails its tests (500, ResponseSerializationError) instead of sending it.
 */
export function responseSerializerCompiler(validate: boolean): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) => {
    // Compiled on the route's first answer: compiling every route's at start-up took a sixth of the start's CPU time.
    let compiled: Stringify | undefined;
    const stringify = (data: unknown) => (compiled ??= compile(schema))(data);
    if (!validate) return stringify;
    return (data) => {
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
