import { AccountLink } from './AccountLink';
import { CartLink } from './CartLink';
import { SearchBox } from './SearchBox';
import { SiteMenu } from './SiteMenu';

interface HeaderActionsProps {
  /** False on the search page, whose own form is the one search box. */
  search?: boolean;
}

/**
 * The header's interactive part: search box, account icon, cart badge and menu, hydrated as one
 * island.
 */
export default function HeaderActions({ search = true }: HeaderActionsProps) {
  return (
    <>
      {search && <SearchBox />}
      <AccountLink />
      <CartLink />
      <SiteMenu />
    </>
  );
}
