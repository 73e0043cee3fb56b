import type { IconName } from '@blueprintjs/icons';

// The seeded menu names icons in its own words; Blueprint warns (a console error) on names it
// does not know, so only mapped names reach it.
const ICONS: Readonly<Record<string, IconName>> = {
  settings: 'cog',
  monitor: 'desktop',
  battery: 'lightning',
  recycle: 'refresh',
  retire: 'archive',
  certificate: 'endorsed',
  system: 'console',
};

export function menuIcon(name: string | null | undefined, hasChildren: boolean): IconName {
  return (name ? ICONS[name] : undefined) ?? (hasChildren ? 'folder-close' : 'document');
}
