import {
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  Popover,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from './LanguageSwitch';
import { AlarmBadge } from './AlarmBadge';
import { PendingOrdersBadge } from './PendingOrdersBadge';
import { ReminderBadges } from '../reminders/ReminderBadges';
import { NoticeBell } from '../notices/NoticeBell';
import { HelpMenu } from '../feedback/HelpMenu';
import { DownloadTasksButton } from '../statistics/DownloadTasks';
import { ThemeSwitch } from './ThemeSwitch';
import { menuToggled, navToggled } from './settingsSlice';
import { loggedOut } from '../session/sessionSlice';
import { pagesOf } from '../access/menu-tree';
import { useMenuLabel } from '../access/menu-label';

/** Top bar: menu toggle, top-level navigation, alarm and order badges, language, theme and user menu. */
export function Header({ background }: { background: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.user);
  const navCollapsed = useAppSelector((state) => state.settings.navCollapsed);
  const menu = useAppSelector((state) => state.access.menu);
  const labelOf = useMenuLabel();

  const signOut = (): void => {
    dispatch(loggedOut());
    void navigate('/login', { replace: true });
  };

  const userMenu = (
    <Menu>
      <MenuDivider title={user?.name ?? t('layout.user')} />
      <MenuItem icon="log-out" intent="danger" text={t('layout.logout')} onClick={signOut} />
    </Menu>
  );

  return (
    <Navbar className="of-header bp6-dark" style={{ background }}>
      <NavbarGroup>
        <Button
          variant="minimal"
          icon="menu"
          aria-label={t('layout.toggleMenu')}
          title={t('layout.toggleMenu')}
          onClick={() => dispatch(menuToggled())}
        />
        <NavbarHeading className="of-header-title">{t('app.title')}</NavbarHeading>
        <Button
          variant="minimal"
          icon={navCollapsed ? 'chevron-right' : 'chevron-left'}
          aria-label={t('layout.toggleNav')}
          title={t('layout.toggleNav')}
          onClick={() => dispatch(navToggled())}
        />
        {!navCollapsed &&
          menu.map((group) => {
            const first = pagesOf({ id: 0, label: '', children: [group] })[0];
            return first ? (
              <Button
                key={String(group.id)}
                variant="minimal"
                text={labelOf(group)}
                onClick={() => void navigate(first.path)}
              />
            ) : null;
          })}
      </NavbarGroup>
      <NavbarGroup align="right">
        <AlarmBadge />
        <NoticeBell />
        <ReminderBadges />
        <PendingOrdersBadge />
        <DownloadTasksButton />
        <NavbarDivider />
        <HelpMenu />
        <LanguageSwitch />
        <ThemeSwitch />
        <Popover content={userMenu} placement="bottom-end">
          <Button variant="minimal" icon="user" endIcon="caret-down" text={user?.name ?? t('layout.user')} />
        </Popover>
      </NavbarGroup>
    </Navbar>
  );
}
