import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives as the module object under Node's ESM interop.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Media = { schema?: object };
type DocResponse = { content?: Record<string, Media> };
type DocOperation = { responses?: Record<string, DocResponse> };
export type OpenApiDocument = { paths: Record<string, Record<string, DocOperation>> };

/** OpenAPI 3.0's `nullable: true` as JSON Schema (what the validator reads): a null is allowed besides the schema. */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, toJsonSchema(value)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === 'string' && !('enum' in converted))
    return { ...converted, type: [converted.type, 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}

/**
 * Checks a server answer against the OpenAPI document, as a validating proxy would: the status must be documented
 * for the operation (or a `default`), and a JSON body must match that status's schema. Returns what is wrong, or null.
 */
export function createResponseChecker(doc: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction | null>();
  const validatorFor = (key: string, schema: object | undefined) => {
    if (!validators.has(key)) validators.set(key, schema ? ajv.compile(toJsonSchema(schema) as object) : null);
    return validators.get(key) ?? null;
  };

  return (method: string, pathTemplate: string, status: number, body: string, contentType?: string): string | null => {
    const operation = doc.paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) return `${method} ${pathTemplate} is not in the document`;
    const responses = operation.responses ?? {};
    const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!documented) return `${method} ${pathTemplate}: status ${status} is not documented`;
    if (status === 204 || !contentType?.includes('application/json')) return null;
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return null; // documented without a JSON body schema (e.g. a file download)
    const validate = validatorFor(`${method} ${pathTemplate} ${status}`, schema);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `${method} ${pathTemplate} ${status}: the body is not JSON`;
    }
    if (validate && !validate(parsed)) {
      return `${method} ${pathTemplate} ${status}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`;
    }
    return null;
  };
}
