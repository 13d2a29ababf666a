/** A size chart: column headings, then one row per size. Bundles keep a list of titled tables. */
export type SizeTable = { columns: string[]; rows: string[][] };
export type TitledSizeTable = SizeTable & { title: string };
export type SizeChart = SizeTable | TitledSizeTable[];
