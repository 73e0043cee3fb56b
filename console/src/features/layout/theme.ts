import type { Theme } from './settingsSlice';

/** Header and left-menu colours per theme; "dark" uses the stored theme colour (default 10171E). */
export function themeColors(theme: Theme, themeColor: string): { header: string; menu: string } {
  switch (theme) {
    case 'blue':
      return { header: '#1f5fa8', menu: '#183f6b' };
    case 'green':
      return { header: '#1e7a4f', menu: '#164d34' };
    case 'cyan':
      return { header: '#0e7c86', menu: '#0b4f56' };
    case 'purple':
      return { header: '#5b3f8c', menu: '#3b2960' };
    case 'dark':
      return { header: `#${themeColor}`, menu: `#${themeColor}` };
  }
}
