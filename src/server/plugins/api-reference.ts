import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where the browsable reference lives, beside the JSON document at /api/docs. */
export const API_REFERENCE_PATH = '/api/docs/ui';

/**
 * The OpenAPI document at /api/docs (JSON, as before) and a browsable reference (Swagger UI) at /api/docs/ui. The
 * viewer's scripts and styles are served from the package itself (it uses system fonts), never from a CDN: many self-hosters run
 * without internet, and the CSP allows only 'self'. A browser opening /api/docs (it asks for text/html) is sent to the
 * reference; scripts and `?format=json` get the JSON.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    uiConfig: {
      // The online validator badge would call validator.swagger.io from the reader's browser.
      validatorUrl: null,
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
      // A box that narrows the list by tag (e.g. "v1"): the document has over a hundred operations.
      filter: true,
    },
    theme: { title: 'HeatRank API reference' },
  });

  app.get('/api/docs', { schema: { hide: true } }, async (request, reply) => {
    reply.header('vary', 'accept');
    if (wantsHtml(request)) return reply.redirect(`${API_REFERENCE_PATH}/`, 302);
    return app.swagger();
  });
}

/** A browser's navigation lists text/html in Accept; fetch(), curl and the test client do not. */
function wantsHtml(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?.format === 'json') return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.toLowerCase().includes('text/html');
}
