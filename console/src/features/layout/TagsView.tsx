import { Button, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { allDeleted, nextPathAfterClose, othersDeleted, viewDeleted } from './tagViewsSlice';

/** Tabs of visited pages: click to open, x to close, and close-others / close-all. */
export function TagsView() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visited = useAppSelector((state) => state.tagViews.visited);

  const close = (path: string): void => {
    const next = nextPathAfterClose(visited, path, pathname);
    dispatch(viewDeleted(path));
    if (next) void navigate(next);
  };

  const closeAll = (): void => {
    const kept = visited.filter((view) => view.affix);
    dispatch(allDeleted());
    void navigate(kept[0]?.path ?? '/login');
  };

  const actions = (
    <Menu>
      <MenuItem icon="cross" text={t('layout.tags.close')} onClick={() => close(pathname)} />
      <MenuItem
        icon="exclude-row"
        text={t('layout.tags.closeOthers')}
        onClick={() => dispatch(othersDeleted(pathname))}
      />
      <MenuItem icon="clean" text={t('layout.tags.closeAll')} onClick={closeAll} />
    </Menu>
  );

  return (
    <div className="of-tags" role="tablist">
      <div className="of-tags-list">
        {visited.map((view) => (
          <Tag
            key={view.path}
            role="tab"
            aria-selected={view.path === pathname}
            interactive
            intent={view.path === pathname ? 'primary' : 'none'}
            minimal={view.path !== pathname}
            onClick={() => void navigate(view.path)}
            onRemove={
              view.affix
                ? undefined
                : (event) => {
                    event.stopPropagation();
                    close(view.path);
                  }
            }
          >
            {t(`menu.${view.name}`, { defaultValue: view.title })}
          </Tag>
        ))}
      </div>
      <Popover content={actions} placement="bottom-end">
        <Button variant="minimal" size="small" icon="more" aria-label={t('layout.tags.more')} />
      </Popover>
    </div>
  );
}
