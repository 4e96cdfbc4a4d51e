// Load failures on the volunteer screens (spec section 8): the server's message, else the
// transport's error text, else the screen's fallback; shown inline in red. Offline with a copy
// of the list on the device, the copy and its "updated N minutes ago" say enough: no red.
import type { LoadProblem } from '../../offline/list-refresh.ts';

export function loadErrorText(
  problem: LoadProblem | null,
  fallback: string,
  hasDeviceCopy: boolean,
): string | null {
  if (problem === null) return null;
  if (problem.network && hasDeviceCopy) return null;
  return problem.message ?? fallback;
}
