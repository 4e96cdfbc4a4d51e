// Cargo calls (product-spec.md sections 3 and 7 "Cargo", wire-protocol.md "Shapes the spec
// leaves open"). The catalogue reply, the item JSON of a create (multipart part 'data') and the
// JSON of an update. Unknown fields are stripped; identity fields are checked by the server.
import { z } from 'zod';
import { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT } from '../rules/order-limits.ts';
import { CARGO_PATHS } from './cargo-paths.ts';
import { pathTo } from './paths.ts';
import { successReply } from './replies.ts';

export { CARGO_ITEMS_PATH, CARGO_IMAGES_PATH, CARGO_PATHS } from './cargo-paths.ts';

export function cargoItemPath(id: number | string): string {
  return pathTo(CARGO_PATHS.item, { id });
}

export { cargoImagePath } from './checks/cargo.ts';

/**
 * The path of an image. Any text passes: an id that names no image (malformed ones included)
 * is the route's 404, never a 400 that would tell the two apart.
 */
export const cargoImageParams = z.object({ imageId: z.string() });

/** Longest texts and largest numbers accepted; anything beyond is a 400, never cut. */
export const CARGO_LIMITS = {
  name: 100,
  description: 2000,
  category: 100,
  quantity: 1_000_000,
  sizeLabel: 40,
  sizes: 50,
  /** Bytes of one uploaded image. */
  imageBytes: 5 * 1024 * 1024,
  /** Pixels of a decoded upload (width × height): refuses decompression bombs. */
  imagePixels: 40_000_000,
  /** Longest side of the stored image and of its thumbnail. */
  imageSide: 1600,
  thumbSide: 320,
} as const;

export const cargoItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  /** The total: the sum of sizeQuantities when the item has sizes. */
  quantity: z.number(),
  imageId: z.string().nullable(),
  /** Size label → quantity; {} for an item without sizes. */
  sizeQuantities: z.record(z.string(), z.number()),
  /** How many of the item (all sizes together) one order may ask for. */
  maxPerOrder: z.number().int().min(1).default(DEFAULT_MAX_PER_ORDER),
});
export type CargoItem = z.infer<typeof cargoItem>;

export const cargoCatalogueReply = z.object({
  status: z.literal('success'),
  items: z.array(cargoItem),
});
export type CargoCatalogueReply = z.infer<typeof cargoCatalogueReply>;

/** A quantity as a number or a digit string (form inputs), 0 to the limit. */
const quantity = z
  .union(
    [z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number)],
    { error: 'must be a whole number' },
  )
  .pipe(
    z
      .number()
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(CARGO_LIMITS.quantity, `must be at most ${CARGO_LIMITS.quantity}`),
  );

/**
 * maxPerOrder as a number or a digit string (form inputs), 1 to MAX_PER_ORDER_LIMIT; every
 * other value (0, -1, 1.5, "x", 1e9) gets the one message the admin form shows too.
 */
// A zod issue carries a string, and zod's refusals are English: the rule's English text
// (rules.orderLimits.maxPerOrder, which the admin form shows in the reader's language).
const MAX_PER_ORDER_RULE = 'Max per order must be a whole number from 1 to 10000.';

export const maxPerOrderSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
    error: MAX_PER_ORDER_RULE,
  })
  .pipe(
    z
      .number({ error: MAX_PER_ORDER_RULE })
      .int(MAX_PER_ORDER_RULE)
      .min(1, MAX_PER_ORDER_RULE)
      .max(MAX_PER_ORDER_LIMIT, MAX_PER_ORDER_RULE),
  );

const tooLong = (max: number) => `must be at most ${max} characters`;
const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).nullish();
const name = z
  .string({ error: (issue) => (issue.input == null ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'must not be empty')
  .max(CARGO_LIMITS.name, tooLong(CARGO_LIMITS.name));

const sizeQuantities = z
  .record(z.string(), quantity)
  .refine((sizes) => Object.keys(sizes).length <= CARGO_LIMITS.sizes, {
    error: `at most ${CARGO_LIMITS.sizes} sizes`,
  })
  .refine(
    (sizes) =>
      Object.keys(sizes).every((label) => {
        const trimmed = label.trim();
        return trimmed !== '' && trimmed.length <= CARGO_LIMITS.sizeLabel;
      }),
    { error: `size labels must be 1 to ${CARGO_LIMITS.sizeLabel} characters` },
  );

/** What any body that is not a JSON object (an array, a text, a number) is told. */
const ITEM_NOT_AN_OBJECT = 'The item data must be a JSON object.';

/** An item's fields after its name, the same in a create and an update (and in this order). */
const itemFields = {
  description: optionalText(CARGO_LIMITS.description),
  category: optionalText(CARGO_LIMITS.category),
  /** The total (on an item with sizes: see cargoItemCreate and cargoItemUpdate). */
  quantity: quantity.nullish(),
  /** The spec's other names for the total, read when quantity is absent. */
  totalQuantity: quantity.nullish(),
  stock: quantity.nullish(),
  sizeQuantities: sizeQuantities.nullish(),
  /** Absent or null: DEFAULT_MAX_PER_ORDER on a create, unchanged on an update. */
  maxPerOrder: maxPerOrderSchema.nullish(),
};

/**
 * The item of a create (multipart part 'data', or a JSON body when there is no image).
 * quantity is ignored when sizeQuantities has sizes: the total is their sum.
 */
export const cargoItemCreate = z.object({ name, ...itemFields }, { error: ITEM_NOT_AN_OBJECT });
export type CargoItemCreate = z.input<typeof cargoItemCreate>;

/**
 * An update: absent or null fields stay as they are. sizeQuantities, when sent, replaces the
 * item's sizes ({} removes them). quantity sets the total of an item without sizes; on an item
 * with sizes it must equal their sum (the admin form sends the total it shows) — change the
 * sizes instead.
 */
export const cargoItemUpdate = z.object(
  { name: name.nullish(), ...itemFields },
  { error: ITEM_NOT_AN_OBJECT },
);
export type CargoItemUpdate = z.input<typeof cargoItemUpdate>;

const picture = z.file().meta({
  description: `The picture: PNG, JPEG or WebP (judged by its bytes), at most ${
    CARGO_LIMITS.imageBytes / (1024 * 1024)
  } MB and ${CARGO_LIMITS.imagePixels} pixels; stored re-encoded without metadata.`,
});

/**
 * A create sent as multipart/form-data (for the API document: the server validates the part
 * 'data' with cargoItemCreate, as it does a JSON body). 'data' may also be a file part such
 * as a JSON Blob.
 */
export const cargoItemCreateForm = z.object({
  data: cargoItemCreate,
  image: picture.optional(),
});

/** An update sent as multipart/form-data: new fields in 'data', a new picture in 'image'. */
export const cargoItemUpdateForm = z.object({
  data: cargoItemUpdate.optional(),
  image: picture.optional(),
});

/**
 * A query flag such as `?image`: present with any value (Fastify's parser gives '' for a bare
 * name, a list when it is repeated) or absent.
 */
const queryFlag = z.union([z.string(), z.array(z.string())]).optional();

/** PUT /api/cargo/items/{id}?image: the call replaces the picture (multipart 'image'). */
export const cargoItemUpdateQuery = z.object({
  image: queryFlag.meta({
    description: "Present: the call replaces the picture (multipart/form-data, part 'image').",
  }),
});

/** GET /api/cargo/images/{imageId}?thumb=1: the thumbnail (any value but '0' or 'false'). */
export const cargoImageQuery = z.object({
  thumb: queryFlag.meta({
    description: "Any value but '0' or 'false' asks for the thumbnail (about 320 px).",
  }),
});

export const cargoItemWriteReply = successReply({
  id: z.number(),
  item: cargoItem,
});
export type CargoItemWriteReply = z.infer<typeof cargoItemWriteReply>;
