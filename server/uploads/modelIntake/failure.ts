import type { ErrorCode } from '../../../contracts/errors';

/**
 * Why an upload was refused, in a form that crosses the worker boundary (plain data): the route
 * turns it into an AppError, so the client sees `{ code, message, details? }`.
 */
export class IntakeFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'IntakeFailure';
  }
}

export interface IntakeFailureData {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export const isIntakeFailureData = (value: unknown): value is IntakeFailureData =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as IntakeFailureData).code === 'string' &&
  typeof (value as IntakeFailureData).message === 'string';
