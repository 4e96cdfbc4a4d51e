// The language a request is answered in (beyond-spec.md section 4): the client sends the
// person's choice as Accept-Language (a browser's own header says the browser's languages,
// which is the right default too); without one, English, the spec's language.
import type { FastifyRequest } from 'fastify';
import {
  acceptLanguageTags,
  DEFAULT_LANGUAGE,
  firstSpoken,
  type Language,
} from '#shared/i18n/languages';

export function requestLanguage(request: FastifyRequest): Language {
  return firstSpoken(acceptLanguageTags(request.headers['accept-language'])) ?? DEFAULT_LANGUAGE;
}
