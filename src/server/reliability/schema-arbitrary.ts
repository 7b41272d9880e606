import fc from 'fast-check';

// fast-check arbitraries for the JSON schemas of our OpenAPI document (what @fastify/swagger writes from the zod
// schemas): values that pass validation, so a fuzz run reaches the services behind it instead of stopping at 400.
// It covers the subset our schemas use; anything else becomes "any JSON value".

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

const MAX_ITEMS = 3;

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https'] }).filter((u) => u.length <= (schema.maxLength ?? 2000));
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(schema.pattern));
      return matching.filter(
        (s) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY),
      );
    } catch {
      // fast-check cannot generate from this pattern (a lookahead, say): a plain string, often refused with a 400.
    }
  }
  return fc.string({ unit: 'grapheme', minLength, maxLength }).filter((s) => s.trim().length >= minLength);
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = schema.minimum ?? (exclusiveMin === undefined ? -1e6 : exclusiveMin + (integer ? 1 : 1e-6));
  const max = schema.maximum ?? (exclusiveMax === undefined ? 1e6 : exclusiveMax - (integer ? 1 : 1e-6));
  if (integer) {
    return fc.integer({ min: Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER), max: Math.min(max, 2 ** 31) });
  }
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(min, max, Math.min(max, Math.max(min, 0))),
  );
}

/** An arbitrary of values valid against `schema`. */
export function arbitraryFromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const base = baseArbitrary(schema, depth);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function baseArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => arbitraryFromSchema(v, depth + 1)));
  if (schema.allOf?.[0]) return arbitraryFromSchema(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryFromSchema(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object':
      return objectOf(schema, depth);
    default:
      return schema.properties ? objectOf(schema, depth) : fc.jsonValue({ maxDepth: 1 });
  }
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    if (!values) return fc.constant({});
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), arbitraryFromSchema(values, depth + 1), {
      maxKeys: MAX_ITEMS,
    });
  }
  const model = Object.fromEntries(keys.map((key) => [key, arbitraryFromSchema(properties[key], depth + 1)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}
