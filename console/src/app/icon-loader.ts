import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

// Blueprint's default loader pulls every 16px path (~100 KB gzip) on the first icon. The sign-in
// screen needs only these, so they come one file each; everything else falls back to Blueprint's
// split-by-size chunks once the layout is open.
const signInIcons: Partial<Record<IconName, () => Promise<{ default: IconPaths }>>> = {
  user: () => import('@blueprintjs/icons/lib/esm/generated/16px/paths/user'),
  lock: () => import('@blueprintjs/icons/lib/esm/generated/16px/paths/lock'),
  'mobile-phone': () => import('@blueprintjs/icons/lib/esm/generated/16px/paths/mobile-phone'),
  'caret-down': () => import('@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down'),
  'double-caret-vertical': () =>
    import('@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical'),
};

async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const single = size === IconSize.STANDARD ? signInIcons[name] : undefined;
  if (single) return (await single()).default;
  const { splitPathsBySizeLoader } =
    await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader');
  return splitPathsBySizeLoader(name, size);
}

export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
