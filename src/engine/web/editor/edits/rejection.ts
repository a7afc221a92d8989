/** Why an edit was not made; the document is left as it was. */
export interface Rejection {
  rejected: true;
  code: 'VALIDATION_FAILED' | 'NOT_FOUND' | 'CONFLICT';
  message: string;
}

export const reject = (code: Rejection['code'], message: string): Rejection => ({
  rejected: true,
  code,
  message,
});

export const isRejection = (value: unknown): value is Rejection =>
  typeof value === 'object' && value !== null && (value as Rejection).rejected === true;
