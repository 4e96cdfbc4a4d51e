// Turns every failure into the envelope: our AppErrors, zod validation errors, Fastify's own
// errors (bad JSON, body too large, wrong content type, rate limits) and unexpected throws.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, envelopeOf, type ErrorCode } from '../errors.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { message, type Message } from '#shared/i18n/messages';
import { translate } from '../i18n/translator.ts';
import { zodRefusal } from './zod-refusal.ts';

const fastifyCodeMap: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'BAD_REQUEST',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Fastify's own refusals keep their English as Fastify words it (clients and tests read it);
 * other languages get the catalogue's message of the refusal's kind.
 */
const fastifyTexts: Partial<Record<ErrorCode, Message>> = {
  PAYLOAD_TOO_LARGE: message('server.errors.tooLarge'),
  UNSUPPORTED_MEDIA_TYPE: message('server.errors.mediaType'),
};
const BAD_BODY_CODES = new Set([
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);
const BAD_REQUEST = message('server.errors.badRequest');

function fastifyRefusal(code: ErrorCode, fastifyCode: string | undefined, english?: string) {
  const text = BAD_BODY_CODES.has(fastifyCode ?? '')
    ? message('server.errors.badBody')
    : (fastifyTexts[code] ?? BAD_REQUEST);
  return new AppError(code, text, {}, english ?? translate('en', BAD_REQUEST.id));
}

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return zodRefusal(error);
  const fe = error as Partial<FastifyError>;
  // PostgreSQL data exceptions (SQLSTATE class 22: bad encoding, out-of-range numbers) are bad
  // input that slipped past validation: a 400, never a 500 with SQL in it.
  if (typeof fe.code === 'string' && /^22[0-9A-Z]{3}$/.test(fe.code)) {
    return new AppError('BAD_REQUEST', message('server.errors.badValue'));
  }
  if (typeof fe.code === 'string') {
    const mapped = fastifyCodeMap[fe.code];
    if (mapped !== undefined) return fastifyRefusal(mapped, fe.code, fe.message);
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 429)
      return new AppError('RATE_LIMITED', message('server.errors.rateLimited'));
    // Fastify's own 4xx (e.g. bad content type) carry safe messages.
    return fastifyRefusal(
      fe.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
      fe.code,
      fe.message,
    );
  }
  return undefined;
}

const INTERNAL = message('server.errors.internal');

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toAppError(error);
    if (known !== undefined) {
      if (known.code === 'RATE_LIMITED' && !reply.hasHeader('retry-after'))
        reply.header('retry-after', '60');
      return reply.status(known.statusCode).send(envelopeOf(known, requestLanguage(request)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(envelopeOf(new AppError('INTERNAL', INTERNAL), requestLanguage(request)));
  });
}
