// Plain JSON bodies: Fastify's own parser (the same proto/constructor poisoning refusals), with
// the depth limit checked first on the raw text (security/json-depth.ts). Encrypted bodies get
// the same check in the secure channel once decrypted.
import type { FastifyInstance } from 'fastify';
import { jsonTooDeep, tooDeep } from '../security/json-depth.ts';

export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeep(text)) {
      done(tooDeep(), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
