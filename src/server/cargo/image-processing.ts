// Uploaded images become two fresh WebP files: the picture (at most 1600 px a side) and a
// catalogue-card thumbnail (320 px). What comes in is trusted for nothing:
// - the type is read from the bytes (file-type), never from the file name or declared type;
// - the pixel count is checked from the header before decoding, and sharp is bounded too, so a
//   small file declaring a huge canvas (decompression bomb) is refused before it costs memory;
// - re-encoding drops every piece of metadata (EXIF, GPS, XMP, ICC): sharp keeps none unless
//   told to. The EXIF orientation is applied to the pixels first, so photos stay upright.
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type SharpOptions } from 'sharp';
import { CARGO_LIMITS } from '#shared/contracts/cargo';
import { AppError, badRequest } from '../errors.ts';
import type { StoredImage } from './cargo.types.ts';
import { message } from '#shared/i18n/messages';

const ACCEPTED_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);
const OUTPUT_TYPE = 'image/webp';
const INPUT_OPTIONS: SharpOptions = {
  limitInputPixels: CARGO_LIMITS.imagePixels,
  // Animated images: the first frame only.
  pages: 1,
};

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', message('server.cargo.imageType'));
const tooManyPixels = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    message('server.cargo.tooManyPixels', {
      megapixels: String(CARGO_LIMITS.imagePixels / 1_000_000),
    }),
  );
const unreadable = () => badRequest(message('server.cargo.imageUnreadable'));

/** sharp's own refusals: its pixel bound means too large, anything else an unusable file. */
function refusalOf(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  return unreadable();
}

async function checkDimensions(bytes: Buffer): Promise<void> {
  let width: number;
  let height: number;
  try {
    ({ width, height } = await sharp(bytes, INPUT_OPTIONS).metadata());
  } catch (error) {
    throw refusalOf(error);
  }
  if (width * height > CARGO_LIMITS.imagePixels) throw tooManyPixels();
}

function encode(bytes: Buffer, side: number, quality: number) {
  return sharp(bytes, INPUT_OPTIONS)
    .autoOrient()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
}

/** Checks and re-encodes an upload; 415, 413 or 400 when it is not a usable picture. */
export async function processImage(bytes: Buffer): Promise<StoredImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (type === undefined || !ACCEPTED_TYPES.has(type.mime)) throw unsupported();
  await checkDimensions(bytes);
  try {
    const full = await encode(bytes, CARGO_LIMITS.imageSide, 82);
    // From the bounded copy: decoding 1600 px again is cheaper than the original.
    const thumb = await encode(full.data, CARGO_LIMITS.thumbSide, 75);
    return {
      id: randomUUID(),
      contentType: OUTPUT_TYPE,
      bytes: full.data,
      thumbContentType: OUTPUT_TYPE,
      thumbBytes: thumb.data,
      width: full.info.width,
      height: full.info.height,
    };
  } catch (error) {
    throw refusalOf(error);
  }
}
