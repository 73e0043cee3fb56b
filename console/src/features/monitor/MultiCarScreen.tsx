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
import { SelectedTable } from './SelectedTable';
import { useLiveSocket } from './useLiveSocket';
import { useMonitorData } from './useMonitorData';
import { VehicleTree } from './VehicleTree';
import './monitor.css';

/** /monitor/multiCar: tree, 1/2/4 map panes of the checked vehicles, info panel and the selected-vehicle table. */
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
              <Button key={count} small active={split === count} text={count} className={`of-split-${count}`} onClick={() => dispatch(splitChosen(count))} />
            ))}
          </ButtonGroup>
          <InstructionLauncher vehicleId={selected} plate={selectedVehicle?.plateCode ?? ''} />
        </div>
        <div className={`of-monitor-panes of-panes-${split}`}>
          {Array.from({ length: split }, (_, index) => (
            <MonitorPane key={index} markers={markers} onPick={select} />
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
