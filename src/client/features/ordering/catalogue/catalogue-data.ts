// The catalogue as the ordering screens show it: the device's copy (offline/hooks.ts), rows
// checked against the contract (a row of another shape is left out, never shown half-read),
// less what this device's orders have claimed and the copy does not reflect yet.
import type { CargoItem } from '#shared/contracts/cargo';
import { cargoItemCheck } from '#shared/contracts/checks/cargo';
import { useListRefreshedAt, useMirrorList } from '../../../offline/hooks.ts';
import { useOrderOutbox } from '../../../offline/orders-outbox.ts';
import { claimedLines, subtractClaims } from './stock-claims.ts';

/** Items in the server's order; undefined while the device copy is being read. */
export function useCatalogueItems(): CargoItem[] | undefined {
  const rows = useMirrorList('catalogue');
  const refreshedAt = useListRefreshedAt('catalogue');
  const outbox = useOrderOutbox();
  if (rows === undefined) return undefined;
  const items = rows.flatMap((row) => {
    const parsed = cargoItemCheck.safeParse(row.data);
    return parsed.success ? [parsed.data] : [];
  });
  return subtractClaims(items, claimedLines(outbox ?? [], refreshedAt ?? null));
}
