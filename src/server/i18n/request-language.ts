// The language a request is answered in (beyond-spec.md section 4): the client sends the
// person's choice as Accept-Language (a browser's own header says the browser's languages,
// which is the right default too); without one, the signed-in account's chosen language
// (a script or an old client that sends none); else English, the spec's language.
import type { FastifyRequest } from 'fastify';
import {
  acceptLanguageTags,
  DEFAULT_LANGUAGE,
  firstSpoken,
  type Language,
} from '#shared/i18n/languages';
import { languageOrNull } from './account-language.ts';

export function requestLanguage(request: FastifyRequest): Language {
  return statedLanguage(request) ?? DEFAULT_LANGUAGE;
}

/**
 * The language the request states (its Accept-Language, else the signed-in account's choice),
 * null when it states none: what is kept to word a later mail (a volunteer application).
 */
export function statedLanguage(request: FastifyRequest): Language | null {
  const header = request.headers['accept-language'];
  if (header !== undefined) return firstSpoken(acceptLanguageTags(header)) ?? DEFAULT_LANGUAGE;
  // request.user: set by the access plugin from the login cookie (null when signed out).
  return languageOrNull(request.user?.language);
}
