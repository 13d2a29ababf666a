import { z } from 'zod';

export const RATING_TYPES = ['up', 'down'] as const;
export type RatingType = (typeof RATING_TYPES)[number];

export const RATING_MESSAGES = {
  type: 'Choose thumbs up or thumbs down.',
  notFound: 'We could not find that product.',
  digital: 'Digital products cannot be rated.',
  unverified: 'Please verify your email address to rate products.',
} as const;

export const rateBody = z.object({ type: z.enum(RATING_TYPES, { error: RATING_MESSAGES.type }) });
export const productIdParams = z.object({ id: z.uuid({ error: RATING_MESSAGES.notFound }) });

/** The answer of POST /product/{id}/rate: the product's counts and the customer's own thumb. */
export interface RatingAnswer {
  thumbsUp: number;
  thumbsDown: number;
  /** The customer's thumb after the press: null when it withdrew it. */
  rating: 'up' | 'down' | null;
}
