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
function compile(schema: ZodType): Stringify {
  try {
    return fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any', cycles: 'ref' }) as Parameters<typeof fastJson>[0]);
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
