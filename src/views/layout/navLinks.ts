import type { TFunction } from 'i18next';
import type { SolutionSlug } from '../../routes';

/** A link of the header, its menus and the footer. */
export interface NavLink {
  key: string;
  label: string;
  href: string;
}
export interface NavGroup {
  label: string;
  items: NavLink[];
}
export type NavItem = NavLink | { key: string; label: string; groups: NavGroup[] };

export const isMenu = (item: NavItem): item is Extract<NavItem, { groups: NavGroup[] }> => 'groups' in item;

/** One solution page's link (header menu and footer). */
export const solutionLink = (t: TFunction, slug: SolutionSlug): NavLink => ({
  key: slug,
  label: t(`pages.solution.${slug}.name`),
  href: `/solutions/${slug}`,
});

/** The resources pages (header menu and footer). */
export const resourceLinks = (t: TFunction): NavLink[] => [
  { key: 'faqs', label: t('nav.faqs'), href: '/resources/faqs' },
  { key: 'guides', label: t('nav.guides'), href: '/resources/guides' },
  { key: 'blog', label: t('nav.blog'), href: '/resources/blog' },
  { key: 'glossary', label: t('nav.glossary'), href: '/resources/glossary' },
];
