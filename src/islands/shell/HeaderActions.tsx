import { CartLink } from './CartLink';
import { SearchBox } from './SearchBox';
import { SiteMenu } from './SiteMenu';

/** The header's interactive part: search box, cart badge and menu, hydrated as one island. */
export default function HeaderActions() {
  return (
    <>
      <SearchBox />
      <CartLink />
      <SiteMenu />
    </>
  );
}
