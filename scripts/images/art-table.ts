/** The art table: how each product of the demo catalogue is drawn (in two parts). */
import type { Art } from './art-palette';
import { HOME_ART } from './art-table-home';
import { MORE_ART } from './art-table-more';

export const ART: Record<string, Art> = { ...HOME_ART, ...MORE_ART };
