/** A page of a list: `cp` from 0, `ipp` items per page (ARCHITECTURE.md 'API conventions'). */
export interface PageRequest {
  cp: number;
  ipp: number;
}

/** Rows to read for a page: one more than it holds, so the answer tells whether more follow without counting. */
export const pageWithNext = ({ cp, ipp }: PageRequest) => ({ limit: ipp + 1, offset: cp * ipp });

/** The answer for rows read with `pageWithNext`: the page's items and whether more follow. */
export function pageWithMore<Row, Item>(rows: Row[], { cp, ipp }: PageRequest, item: (row: Row) => Item) {
  return { items: rows.slice(0, ipp).map(item), cp, ipp, hasMore: rows.length > ipp };
}
