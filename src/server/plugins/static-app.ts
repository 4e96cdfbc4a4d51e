// Serves the built PWA from dist/. Client routes fall back to index.html; /api never does:
// an unknown /api path is a 404 envelope. Hashed assets are cached for a year; index.html and
// the service worker are always revalidated so updates reach users. Text files go out as the
// build's Brotli or gzip copies when the browser accepts them.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { envelopeOf, notFound } from '../errors.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { message } from '#shared/i18n/messages';

/** The 404 of an /api path no route serves (the secure channel refuses with it too). */
export const noSuchEndpoint = () => notFound(message('server.errors.noSuchEndpoint'));

export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The build writes .br / .gz copies of its text files (vite.config.ts precompress).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && wantsPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(envelopeOf(noSuchEndpoint(), requestLanguage(request)));
  });
}
