import type { Page } from "@shared/api/api.schema";

export interface PageQuery {
  page: number;
  pageSize: number;
}

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.pageSize;

export function toPage<T>(items: T[], total: number, q: PageQuery): Page<T> {
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
