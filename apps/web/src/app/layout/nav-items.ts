/** Navigation menus (docs/product/platform.md#navigation). */
export interface NavLinkItem {
  label: string;
  to: string;
  /** Shown only to signed-out visitors. */
  loggedOutOnly?: boolean;
}

export const NAV_MENUS: Array<{ label: string; items: NavLinkItem[] }> = [
  {
    label: 'Find Solutions',
    items: [
      { label: 'List a Tender', to: '/list-a-tender' },
      { label: 'Find Providers', to: '/providers' },
      { label: 'Search Parts', to: '/search-parts' },
    ],
  },
  {
    label: 'Find Business',
    items: [
      { label: 'View Tenders', to: '/explore-tenders' },
      { label: 'Explore with AssetIntel', to: '/asset-intel' },
      { label: 'List Your Services', to: '/services/list', loggedOutOnly: true },
    ],
  },
];

export const visibleItems = (items: NavLinkItem[], signedIn: boolean) => items.filter((i) => !(i.loggedOutOnly && signedIn));
