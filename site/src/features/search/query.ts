// What the search box knows of a query before the ranking has loaded: the box is on the search
// page's first screen, the ranking (`search.ts`, with the assistant's index code) is loaded with
// the index, on first use.

/** A query shorter than this (in letters and digits) is not searched: one letter matches everything. */
export const MIN_QUERY_CHARS = 2;

/** Whether a query has enough letters or digits to be searched. */
export function searchable(query: string): boolean {
  return (query.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_QUERY_CHARS;
}
