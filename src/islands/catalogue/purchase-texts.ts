/**
 * What the product page says about a quantity or a line before the cart's limit bites
 * (spec §5, §9: at least 1, at most 6 a line and what the shop has; a digital item once).
 */

/** Said instead of quietly adding 1 when the quantity typed is not a whole number from 1. */
export const QUANTITY_MESSAGE = 'Quantity must be a whole number, 1 or more.';

/** Why Add to cart is disabled: the line already holds all it may. */
export const fullLineText = (inCart: number): string => `All ${inCart} are already in your cart`;

/** A digital item is bought once: said when it is already in the cart. */
export const DIGITAL_IN_CART = 'Already in your cart';
