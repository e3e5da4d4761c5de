import { z } from 'zod';
import { SCOPE_LABELS } from '../../core/api-tokens/model/scopes.ts';
import { apiErrorSchema } from './contract/api-v1.ts';
import type { ApiOperation } from './routes/api-v1.ts';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's), as a request sends it (`input`) or an answer reads (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest as JsonSchema;
}

/** An object schema's properties as OpenAPI parameters of one place (the path or the query string). */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** `/api/v1/purchases/:id` as OpenAPI writes it: `/api/v1/purchases/{id}` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]\w*)/g, '{$1}');

/**
 * The OpenAPI 3.1 document of /api/v1, made from the operations' own zod schemas (the ones that check the requests,
 * and those of the answers) with zod's `z.toJSONSchema()`: the description cannot drift from what the routes do.
 */
export function openApiDocument(operations: readonly ApiOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[openApiPath(op.path)] = {
      get: {
        operationId: op.id,
        summary: op.summary,
        description: `Needs the \`${op.scope}\` scope: ${SCOPE_LABELS[op.scope]}.`,
        security: [{ apiToken: [op.scope] }],
        'x-scope': op.scope,
        parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } },
          '400': error('A parameter is not valid; `issues` names it.'),
          '401': error('No token, or one that is unknown or revoked.'),
          '403': error("The token lacks the scope, or its creator no longer holds the scope's permission."),
          ...(op.params ? { '404': error('Not found.') } : {}),
          '429': error('Too many requests for this token: wait `Retry-After` seconds.'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bayou Roleplay site API',
      version: '1',
      description:
        'Read-only. Send an API token made at /admin/api-tokens as `Authorization: Bearer <token>`; each operation names the scope it needs.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        apiToken: { type: 'http', scheme: 'bearer', description: 'An API token: `bbt_` and 43 characters.' },
      },
      schemas: { Error: jsonSchema(apiErrorSchema, 'output') },
    },
  };
}
