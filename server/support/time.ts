/** PostgreSQL's text form of timestamptz ("2025-01-02 03:04:05.678+00") to ISO 8601. */
export function toIsoTime(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  const normalized = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(normalized);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

export const dayMs = 24 * 60 * 60 * 1000;
