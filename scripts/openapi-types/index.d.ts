/** TypeScript types for an OpenAPI 3 document (the parsed JSON), as openapi-typescript writes them. */
export function generateTypes(document: object): Promise<string>;
