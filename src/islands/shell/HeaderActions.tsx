import { AccountLink } from './AccountLink';
import { CartLink } from './CartLink';
import { SearchBox } from './SearchBox';
import type { SiteLink } from '../../lib/site-links';
import { SiteMenu } from './SiteMenu';

interface HeaderActionsProps {
  /** False on the search page, whose own form is the one search box. */
  search?: boolean;
  /** Every category's page, for the menu's "Shop by category" (none on prerendered pages). */
  categories?: SiteLink[];
}

/**
 * The header's interactive part: search box, account icon, cart badge and menu, hydrated as one
 * island.
 */
export default function HeaderActions({ search = true, categories }: HeaderActionsProps) {
  return (
    <>
      {search && <SearchBox />}
      <AccountLink />
      <CartLink />
      <SiteMenu categories={categories} />
    </>
  );
}
