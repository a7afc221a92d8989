import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time with its zone, read and written as an ISO string. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
