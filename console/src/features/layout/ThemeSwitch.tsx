import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { THEMES, themeChanged } from './settingsSlice';
import { themeColors } from './theme';

/** Header/menu colour theme picker: blue, green, dark, cyan, purple. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { theme, themeColor } = useAppSelector((state) => state.settings);
  const menu = (
    <Menu aria-label={t('layout.theme')}>
      {THEMES.map((item) => (
        <MenuItem
          key={item}
          active={item === theme}
          text={t(`layout.theme.${item}`)}
          icon={<span className="of-swatch" style={{ background: themeColors(item, themeColor).header }} />}
          onClick={() => dispatch(themeChanged(item))}
        />
      ))}
    </Menu>
  );
  return (
    <Popover content={menu} placement="bottom-end">
      <Button variant="minimal" icon="style" aria-label={t('layout.theme')} title={t('layout.theme')} />
    </Popover>
  );
}
