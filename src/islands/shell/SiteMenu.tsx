import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { SHOP_ALL_LABEL, SHOP_ALL_PATH, SHOP_BY_CATEGORY_HEADING } from '../../lib/shelf-labels';
import { listingHref } from '../../lib/navigation';
import { LOGOUT_LABEL, MENU_LINKS, type SiteLink } from '../../lib/site-links';
import { $auth } from '../../stores/auth';
import { useIsAdmin } from '../admin/useIsAdmin';
import { CloseIcon, MenuIcon } from './icons';
import { lazyApi } from '../../lib/lazy-api';
import { useHydrated } from '../shared/useHydrated';
import styles from './HeaderActions.module.css';
import shelfStyles from './SiteMenu.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex="0"]';

/**
 * The full-screen menu (spec §2): Home, Cart; Account, Addresses, Stored Payments, Orders when
 * logged in; then Logout, or Login and Register. Then "Shop by category": every category the
 * server-rendered page passed in (a prerendered page has none: the menu asks the API for them
 * when it first opens) and the Shop all page (issue 24).
 * A modal <dialog>: the page behind is inert, Tab cycles inside it, Escape and any navigation
 * close it, and focus returns to the button.
 */
export function SiteMenu({ categories: given = [] }: { categories?: SiteLink[] | undefined }) {
  const [open, setOpen] = useState(false);
  const categories = useMenuCategories(open, given);
  const [loggingOut, setLoggingOut] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const loggedIn = hydrated && auth.isLoggedIn;
  useModalDialog(dialog, open, setOpen);

  function close() {
    setOpen(false);
    opener.current?.focus();
  }

  /** spec §4: logout ends the session (on the server too: its refresh family) and goes home. */
  async function logout() {
    setLoggingOut(true);
    const { endSession } = await import('../account/logout');
    await endSession();
    setOpen(false);
    location.assign('/');
  }

  // The back office's item, for a signed-in admin only (issue 14).
  const isAdmin = useIsAdmin(loggedIn, open);
  const links = [
    ...MENU_LINKS.always,
    ...(loggedIn ? MENU_LINKS.loggedIn : MENU_LINKS.loggedOut),
    ...(isAdmin ? [{ href: '/admin', label: 'Admin' }] : []),
  ];

  return (
    <>
      <button
        ref={opener}
        className={styles.iconButton}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
        <span className={styles.menuLabel}>Menu</span>
      </button>
      <dialog
        id="site-menu"
        ref={dialog}
        className={styles.menu}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        onKeyDown={(event) => trapTab(dialog.current, event)}
      >
        <div className={styles.menuInner}>
          <button className={styles.closeButton} type="button" onClick={close}>
            <CloseIcon />
            <span>Close</span>
          </button>
          <MenuNavs
            links={links}
            categories={categories}
            logout={loggedIn ? { onClick: logout, disabled: loggingOut } : undefined}
            onFollow={() => setOpen(false)}
          />
        </div>
      </dialog>
    </>
  );
}

/**
 * A prerendered page (FAQ, articles, the search page's template) knows no categories: the
 * first opening asks for them; until they come the menu still links the Shop all page.
 */
function useMenuCategories(open: boolean, given: SiteLink[]): SiteLink[] {
  const [fetched, setFetched] = useState<SiteLink[]>([]);
  const asked = useRef(false);
  useEffect(() => {
    if (!open || given.length > 0 || asked.current) return;
    asked.current = true;
    void lazyApi()
      .then((api) =>
        api.get<{ shelves: { category: string }[] }>('/product/shelves', { anonymous: true }),
      )
      .then((answer) => {
        if (!answer.ok) return;
        setFetched(
          answer.data.shelves.map(({ category }) => ({
            label: category,
            href: listingHref({ label: category, category }),
          })),
        );
      });
  }, [open, given.length]);
  return given.length > 0 ? given : fetched;
}

/** Opens and closes the modal <dialog> with `open`, and keeps the page behind from scrolling. */
function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  open: boolean,
  setOpen: (open: boolean) => void,
) {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
    // The page behind a full-screen menu does not scroll.
    document.documentElement.style.overflow = open ? 'hidden' : '';
  }, [dialog, open]);

  useEffect(() => {
    // A page restored from the back/forward cache must not come back with the menu open.
    const closeOnRestore = () => setOpen(false);
    window.addEventListener('pageshow', closeOnRestore);
    return () => window.removeEventListener('pageshow', closeOnRestore);
  }, [setOpen]);
}

/** Tab and Shift+Tab cycle inside the dialog. */
function trapTab(element: HTMLDialogElement | null, event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab' || !element) return;
  const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The menu's links (and Logout when signed in), then "Shop by category". */
function MenuNavs({
  links,
  categories,
  logout,
  onFollow,
}: {
  links: SiteLink[];
  categories: SiteLink[];
  logout: { onClick: () => void; disabled: boolean } | undefined;
  onFollow: () => void;
}) {
  // Following a link closes the menu.
  const menuItem = (link: SiteLink) => (
    <li key={link.href}>
      <a href={link.href} onClick={onFollow}>
        {link.label}
      </a>
    </li>
  );
  return (
    <>
      <nav aria-label="Menu">
        <ul className={styles.menuList}>
          {links.map(menuItem)}
          {logout && (
            <li>
              <button
                className={styles.logout}
                type="button"
                onClick={logout.onClick}
                disabled={logout.disabled}
              >
                {LOGOUT_LABEL}
              </button>
            </li>
          )}
        </ul>
      </nav>
      <nav aria-labelledby="menu-categories" className={shelfStyles.shelves}>
        <h2 id="menu-categories">{SHOP_BY_CATEGORY_HEADING}</h2>
        <ul>{[...categories, { label: SHOP_ALL_LABEL, href: SHOP_ALL_PATH }].map(menuItem)}</ul>
      </nav>
    </>
  );
}
