/**
 * The one error class services throw. The error plugin maps its type to an HTTP status and the
 * one JSON error shape: `{ error, fields? }`. The message is shown to a person, so write it for one.
 */
export type AppErrorType =
  | 'INVALID_DATA'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYMENT_REQUIRED'
  | 'TOO_MANY_REQUESTS'
  | 'UNAVAILABLE';

export const STATUS_BY_TYPE: Record<AppErrorType, number> = {
  INVALID_DATA: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly type: AppErrorType,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS_BY_TYPE[this.type];
  }
}

/** A 429: what happened and what to do; the error plugin sends the wait as Retry-After. */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', message);
  }
}

/** A 409 for a request still under way (its retry came early): the wait is sent as Retry-After. */
export class StillInFlight extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 2,
  ) {
    super('CONFLICT', message);
  }
}

export interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}

export const MESSAGES = {
  notFound: 'We could not find what you were looking for.',
  invalidJson: 'The request body is not valid JSON.',
  invalidData: 'Some of the information you sent is not valid. Please check it and try again.',
  internal: 'Something went wrong on our side. Please try again later.',
  unavailable: 'The shop is unavailable right now. Please try again in a moment.',
} as const;
