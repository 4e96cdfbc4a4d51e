// The cargo path templates (contracts/cargo.ts re-exports them and fills them in), in a file
// of their own without zod: the offline engine, in the landing's entry script, mirrors the
// catalogue from CARGO_PATHS.items, and importing the schemas there would put zod in the entry.
// Templates only, filled in by the area's contract: with two entry modules importing
// paths.ts, Rolldown split pathTo out of the entry (a modulepreload on the landing).
export const CARGO_ITEMS_PATH = '/api/cargo/items';
export const CARGO_IMAGES_PATH = '/api/cargo/images';

export const CARGO_PATHS = {
  items: CARGO_ITEMS_PATH,
  item: `${CARGO_ITEMS_PATH}/:id`,
  image: `${CARGO_IMAGES_PATH}/:imageId`,
  imageThumb: `${CARGO_IMAGES_PATH}/:imageId/thumb`,
} as const;
