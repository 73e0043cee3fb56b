import { Button, ButtonGroup } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { InfoPanel } from './InfoPanel';
import { InstructionLauncher } from './InstructionLauncher';
import { CHECK_ALL_LIMIT } from './monitor-config';
import { selectCheckedIds, selectCheckedMarkers, selectLiveVehicles } from './monitor-selectors';
import { PANE_SPLITS, splitChosen, vehicleSelected, vehiclesChecked } from './monitorSlice';
import { MonitorPane } from './MonitorPane';
import { paneLayout, paneStyle } from './pane-layout';
import { SelectedTable } from './SelectedTable';
import { useLiveSocket } from './useLiveSocket';
import { useMonitorData } from './useMonitorData';
import { VehicleTree } from './VehicleTree';
import './monitor.css';

/** /monitor/multiCar: tree, 1/2/4/6/8/9/10/13/16 map panes (spec §9) of the checked vehicles, info panel and the selected-vehicle table. */
export default function MultiCarScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { rows } = useMonitorData();
  const vehicles = useAppSelector(selectLiveVehicles);
  const checked = useAppSelector((state) => state.monitor.checked);
  const checkedIds = useAppSelector(selectCheckedIds);
  const markers = useAppSelector(selectCheckedMarkers);
  const selected = useAppSelector((state) => state.monitor.selected);
  const split = useAppSelector((state) => state.monitor.split);
  const layout = paneLayout(split);
  useLiveSocket(checkedIds);

  const select = useCallback((id: string) => dispatch(vehicleSelected(id)), [dispatch]);
  const selectedVehicle = selected ? (vehicles[selected] ?? null) : null;

  return (
    <div className="of-monitor of-monitor-multi">
      <aside className="of-monitor-tree">
        <VehicleTree
          rows={rows}
          vehicles={vehicles}
          checked={checked}
          onCheck={(ids, on) => dispatch(vehiclesChecked({ ids, checked: on }))}
          selected={selected}
          onSelect={select}
          checkLimit={CHECK_ALL_LIMIT}
          onLimit={(count) => notify('warning', t('monitor.tree.limit', { count, limit: CHECK_ALL_LIMIT }), 3000)}
        />
      </aside>
      <section className="of-monitor-main">
        <div className="of-monitor-bar">
          <span>{t('monitor.split')}</span>
          <ButtonGroup>
            {PANE_SPLITS.map((count) => (
              <Button key={count} small active={split === count} text={count} className={`of-split-${count}`} title={t('monitor.splitPanes', { count })} aria-label={t('monitor.splitPanes', { count })} onClick={() => dispatch(splitChosen(count))} />
            ))}
          </ButtonGroup>
          <InstructionLauncher vehicleId={selected} plate={selectedVehicle?.plateCode ?? ''} />
        </div>
        <div className={`of-monitor-panes of-panes-${split}`} style={{ gridTemplateColumns: `repeat(${layout.columns}, 1fr)`, gridTemplateRows: `repeat(${layout.rows}, 1fr)` }}>
          {layout.cells.map((cell, index) => (
            <div key={index} className="of-monitor-pane-slot" style={paneStyle(cell)}>
              <MonitorPane markers={markers} onPick={select} autoFit />
            </div>
          ))}
        </div>
        <div className="of-monitor-bottom">
          <SelectedTable ids={checkedIds} vehicles={vehicles} onSelect={select} />
          <InfoPanel vehicle={selectedVehicle} />
        </div>
      </section>
    </div>
  );
}
