// Cargo admin calls (product-spec.md section 7 "Cargo", wire-protocol.md): the catalogue with
// the admin headers; a new item as multipart ('data' = the item JSON, optional 'image'); an
// update as JSON; a new picture as multipart 'image' on PUT …/{id}?image. Multipart bodies
// cannot be encrypted, and the Admin-Username header is what lets them past the server's
// cross-site guard. Writes resolve to the server's reply (its message is shown).
import { apiGet, apiPost, apiPut } from '../../api/api-client.ts';
import {
  cargoCatalogueReply,
  cargoItemPath,
  cargoItemWriteReply,
  CARGO_ITEMS_PATH,
  type CargoItem,
  type CargoItemCreate,
  type CargoItemUpdate,
  type CargoItemWriteReply,
} from '#shared/contracts/cargo';
import { adminHeaders } from '../../session/admin-identity.ts';

export async function loadItems(): Promise<CargoItem[]> {
  const reply = await apiGet(CARGO_ITEMS_PATH, {
    headers: adminHeaders(),
    schema: cargoCatalogueReply,
  });
  return reply.items;
}

export function createItem(
  item: CargoItemCreate,
  image: File | null,
): Promise<CargoItemWriteReply> {
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(item)], { type: 'application/json' }));
  if (image !== null) form.append('image', image);
  return apiPost(CARGO_ITEMS_PATH, form, { headers: adminHeaders(), schema: cargoItemWriteReply });
}

export function updateItem(id: number, patch: CargoItemUpdate): Promise<CargoItemWriteReply> {
  return apiPut(cargoItemPath(id), patch, { headers: adminHeaders(), schema: cargoItemWriteReply });
}

export function replaceImage(id: number, image: File): Promise<CargoItemWriteReply> {
  const form = new FormData();
  form.append('image', image);
  return apiPut(`${cargoItemPath(id)}?image`, form, {
    headers: adminHeaders(),
    schema: cargoItemWriteReply,
  });
}
