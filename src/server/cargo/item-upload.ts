// Reads an item write's multipart body (wire-protocol.md: part 'data' holds the item JSON, as a
// plain field or as a file part such as a JSON Blob; optional part 'image' is the picture).
// Parts are read in full into memory within tight limits; every way a body can be wrong is a
// 4xx with a message saying what to send instead.
import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { CARGO_LIMITS } from '#shared/contracts/cargo';
import { AppError, badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { refuseTooDeep, tooDeep, valueTooDeep } from '../security/json-depth.ts';

/** The item JSON is small; this bounds it whether it comes as a field or as a file. */
const DATA_MAX_BYTES = 64 * 1024;

/** Busboy limits: the item data, one image, and a few stray fields at most. */
export const UPLOAD_LIMITS = {
  fieldNameSize: 100,
  fieldSize: DATA_MAX_BYTES,
  fields: 8,
  // The data may be a file part too, so two files are legitimate (data + image).
  files: 2,
  fileSize: CARGO_LIMITS.imageBytes,
  headerPairs: 20,
  parts: 10,
} as const;

export interface ItemUpload {
  /** The parsed item JSON, undefined when there was no 'data' part. */
  data: unknown;
  /** The image's bytes, undefined when there was none (an empty file input counts as none). */
  image: Buffer | undefined;
}

const imageTooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    message('server.cargo.imageTooLarge', {
      megabytes: String(CARGO_LIMITS.imageBytes / (1024 * 1024)),
    }),
  );
const oneImage = () => badRequest(message('server.cargo.oneImage'));
const notJson = () => badRequest(message('server.cargo.dataNotJson'));
const dataTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', message('server.cargo.dataTooLarge'));

function parseData(text: string): unknown {
  refuseTooDeep(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw notJson();
  }
}

async function fileData(part: MultipartFile): Promise<unknown> {
  const bytes = await part.toBuffer();
  if (bytes.length > DATA_MAX_BYTES) throw dataTooLarge();
  return parseData(bytes.toString('utf8'));
}

/** Turns the multipart parser's own errors into our envelope's codes and messages. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return imageTooLarge();
    case 'FST_FILES_LIMIT':
      return oneImage();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(message('server.cargo.tooManyParts'));
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return notJson();
    default:
      return badRequest(message('server.cargo.multipartUnreadable'));
  }
}

interface Collected {
  data: unknown;
  sawData: boolean;
  image: Buffer | undefined;
}

async function takePart(part: Multipart, into: Collected): Promise<void> {
  if (part.fieldname === 'data') {
    if (into.sawData) throw badRequest(message('server.cargo.oneDataPart'));
    into.sawData = true;
    if (part.type === 'file') {
      into.data = await fileData(part);
    } else {
      if (part.valueTruncated) throw dataTooLarge();
      // A field declared application/json arrives parsed already.
      into.data = typeof part.value === 'string' ? parseData(part.value) : part.value;
      if (valueTooDeep(into.data)) throw tooDeep();
    }
    return;
  }
  if (part.type === 'field') return; // unknown fields are ignored, as in JSON bodies
  if (part.fieldname !== 'image') {
    throw badRequest(message('server.cargo.unexpectedPart', { part: part.fieldname }));
  }
  if (into.image !== undefined) throw oneImage();
  const bytes = await part.toBuffer();
  into.image = bytes.length === 0 ? undefined : bytes;
}

export async function readItemUpload(request: FastifyRequest): Promise<ItemUpload> {
  const collected: Collected = { data: undefined, sawData: false, image: undefined };
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      await takePart(part, collected);
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { data: collected.data, image: collected.image };
}
