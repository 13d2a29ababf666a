/**
 * Sales-tax rates for the states where the shop collects. Washington is destination-based: the
 * rate is that of the place the parcel goes to, the state's 6.5 % plus the local rate. The shop
 * owner keeps this table current from the Department of Revenue's rate lookup (rates change on
 * the first day of a quarter); a state not listed here is charged no tax.
 *
 * A rate is found by the longest matching ZIP prefix (five digits, then three), else the state's
 * `defaultRate`.
 */
export interface StateTaxRule {
  state: string;
  /** The name shown next to the tax line. */
  name: string;
  defaultRate: number;
  byZipPrefix: Record<string, number>;
}

export const TAX_TABLE: readonly StateTaxRule[] = [
  {
    state: 'WA',
    name: 'Washington sales tax',
    defaultRate: 0.089,
    byZipPrefix: {
      // Seattle
      '981': 0.1035,
      // King County outside Seattle (Bellevue, Redmond, Kent, Auburn, …)
      '980': 0.102,
      // Snohomish, Skagit and Whatcom counties
      '982': 0.098,
      '98225': 0.09, // Bellingham
      '98226': 0.09,
      '98229': 0.09,
      // Kitsap and Pierce counties outside Tacoma
      '983': 0.094,
      // Tacoma
      '984': 0.103,
      // Olympia and Thurston County
      '985': 0.098,
      // Vancouver and Clark County
      '986': 0.089,
      // Wenatchee and Chelan County
      '988': 0.087,
      // Yakima
      '989': 0.083,
      // Spokane
      '990': 0.09,
      '991': 0.09,
      '992': 0.09,
      // Tri-Cities
      '993': 0.089,
      // Clarkston and Asotin County
      '994': 0.082,
    },
  },
];
