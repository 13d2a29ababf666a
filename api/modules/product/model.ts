import { z } from 'zod';
import type { SizeChart } from '../../db/schema';

/** A variant as the API shows it (spec §3 Variant). Prices in dollars. */
export interface VariantDto {
  sku: string;
  title: string;
  price: number;
  quantity: number;
  attributes: Record<string, string>;
  image: string[];
  type: string;
}

/** A product as the API shows it (spec §3 Product); `_id` as in the spec. Prices in dollars. */
export interface ProductDto {
  _id: string;
  title: string;
  description: string;
  /** null when the shop set no price; the detail page then shows $40. */
  price: number | null;
  image: string[];
  alttext: string;
  sku: string;
  /** Units in stock; null when unknown. */
  quantity: number | null;
  supplier: string;
  category: string;
  categorizations: { category: string; subcategory: string | null }[];
  hasVariants: boolean;
  /** Plain variants, or for a bundle one list of options per item in it. */
  variants: VariantDto[] | VariantDto[][];
  isBundle: boolean;
  /** For bundles: the title of each option list, in the order of `variants`. */
  optionTitles: string[];
  details: string[];
  sizeChart: SizeChart | null;
  ratings: { thumbsUp: number; thumbsDown: number };
  priority: number | null;
  isFeatured: boolean;
}

const booleanFlag = z
  .enum(['true', 'false'], { error: 'Use true or false.' })
  .transform((value) => value === 'true');

export const searchQuery = z.object({
  isFeatured: booleanFlag.optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;
