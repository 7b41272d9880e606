// openapi-typescript needs TypeScript's compiler API (ts.factory, the printer), which the project's TypeScript 7 does
// not have: this small package owns openapi-typescript with the TypeScript 5 it asks for, in its own node_modules.
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * TypeScript types (`paths`, `components`, `operations`) for an OpenAPI 3 document, as openapi-typescript writes them
 * (what its CLI prints for `npx openapi-typescript <url>`): the `paths` type is what openapi-fetch's createClient takes.
 */
export async function generateTypes(document) {
  return astToString(await openapiTS(document, { silent: true }));
}
