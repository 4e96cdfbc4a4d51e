// Row ids are 32-bit on PostgreSQL (serial). A larger id the wire format allows (up to 15
// digits) can name no row; looking it up would make PostgreSQL fail with an out-of-range
// error (a 500), so callers answer "not found" before asking the database.
export const MAX_ROW_ID = 2_147_483_647;

export function canNameARow(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;
}
