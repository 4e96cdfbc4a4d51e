// The cargo area's shared shapes: an uploaded image as image-processing.ts makes it and
// images.repository.ts stores it.

/** An upload re-encoded, with its thumbnail. */
export interface StoredImage {
  id: string;
  contentType: string;
  bytes: Uint8Array;
  thumbContentType: string;
  thumbBytes: Uint8Array;
  width: number;
  height: number;
}

export type ImageVariant = 'full' | 'thumb';
