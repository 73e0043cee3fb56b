import { Activity } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { TagsView } from './TagsView';
import { themeColors } from './theme';
import { useAlarmToasts } from '../alarm/useAlarmToasts';
import { DutyCheckPopup } from '../platform809/DutyCheckPopup';
import { ScreenHost } from '../access/ScreenHost';
import { normalisePath } from '../access/menu-tree';

/** The layout route holding every dynamic page: header, left menu, tabs, content. */
export default function Layout() {
  const { theme, themeColor } = useAppSelector((state) => state.settings);
  const pages = useAppSelector((state) => state.access.pages);
  const visited = useAppSelector((state) => state.tagViews.visited);
  const cached = useAppSelector((state) => state.tagViews.cached);
  const current = normalisePath(useLocation().pathname);
  const colors = themeColors(theme, themeColor);
  useAlarmToasts();

  // Cached views stay mounted but hidden (React Activity); noCache pages render through the Outlet.
  const currentPage = pages.find((page) => page.path === current);
  const keptAlive = pages.filter(
    (page) =>
      !page.noCache &&
      (page.path === current ||
        (cached.includes(page.screen) && visited.some((view) => view.path === page.path))),
  );
  const currentIsKept = keptAlive.some((page) => page.path === current);

  return (
    <div className={`of-layout of-theme-${theme} ${theme === 'dark' ? 'bp6-dark' : ''}`}>
      <Header background={colors.header} />
      <DutyCheckPopup />
      <div className="of-body">
        <SideMenu background={colors.menu} />
        <main className="of-main">
          <TagsView />
          <div className="of-content">
            {keptAlive.map((page) => (
              <Activity key={page.path} mode={page.path === current ? 'visible' : 'hidden'}>
                <ScreenHost page={page} />
              </Activity>
            ))}
            {(!currentIsKept || !currentPage) && <Outlet />}
          </div>
        </main>
      </div>
    </div>
  );
}
