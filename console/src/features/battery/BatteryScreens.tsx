import { Button, Dialog, DialogBody, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { listHook, useLookup, useResourceMutations, type Resource } from '../table-screen/resource-api';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import {
  emptyModel, emptyModule, emptyPack, emptyRecord, formToModel, formToModule, formToPack, formToRecord, modelFields, modelToForm, moduleFields, moduleToForm, packFields, packToForm, recordFields,
  type BatteryModelRow, type BatteryModuleRow, type BatteryPackRow, type BatteryRecordRow, type Form,
} from './battery-forms';

const resource = (list: string): Resource => ({ path: `energy/battery/${list}`, tag: 'Battery', paged: true });
const STATE_INTENT: Record<number, 'none' | 'primary' | 'warning' | 'danger' | 'success'> = { 1: 'none', 2: 'success', 3: 'warning', 4: 'primary', 5: 'danger' };

function StateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return <Tag minimal intent={STATE_INTENT[state] ?? 'none'}>{t(`battery.state.${state}`)}</Tag>;
}

/** The selected pack from production to now: its state and every step. */
function TraceButton({ packCode }: { packCode: string | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trace = useLookup<{ pack: BatteryPackRow; records: BatteryRecordRow[] }>(`energy/battery/trace/${packCode ?? ''}`, 'Battery', !open || !packCode);
  return (
    <>
      <Button icon="timeline-events" text={t('battery.trace')} onClick={() => (packCode ? setOpen(true) : notify('warning', t('common.selectRowFirst')))} />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={`${t('battery.trace')} ${packCode ?? ''}`} style={{ width: 640 }}>
        <DialogBody>
          {trace && (
            <div data-testid="battery-trace">
              <p>
                {t('battery.producedOn')}: {trace.pack.producedOn} · {t('battery.producer')}: {trace.pack.producer} · <StateTag state={trace.pack.state} />
              </p>
              <HTMLTable compact striped style={{ width: '100%' }}>
                <thead>
                  <tr><th>{t('battery.happenedOn')}</th><th>{t('battery.kind')}</th><th>{t('battery.party')}</th><th>{t('battery.residualCapacityPct')}</th><th>{t('battery.reason')}</th></tr>
                </thead>
                <tbody>
                  {trace.records.map((r) => (
                    <tr key={r.id}><td>{r.happenedOn}</td><td>{t(`battery.kind.${r.kind}`)}</td><td>{r.party}</td><td>{r.residualCapacityPct ?? ''}</td><td>{r.reason}</td></tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </DialogBody>
      </Dialog>
    </>
  );
}

const useModels = listHook<BatteryModelRow>(resource('models'));

/** /monitor/batteryModel: battery types (chemistry, ratings, cells). */
export function BatteryModelScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { save, remove } = useResourceMutations(resource('models'));
  const columns: readonly ColumnSpec<BatteryModelRow>[] = [
    { key: 'modelCode', titleKey: 'battery.modelCode', sortable: true, width: 140, render: (r) => r.modelCode },
    { key: 'name', titleKey: 'battery.modelName', width: 180, render: (r) => r.name },
    { key: 'chemistry', titleKey: 'battery.chemistry', width: 110, render: (r) => t(`battery.chemistry.${r.chemistry}`) },
    { key: 'ratedCapacityAh', titleKey: 'battery.ratedCapacityAh', width: 110, render: (r) => String(r.ratedCapacityAh) },
    { key: 'ratedVoltageV', titleKey: 'battery.ratedVoltageV', width: 110, render: (r) => String(r.ratedVoltageV) },
    { key: 'ratedEnergyKwh', titleKey: 'battery.ratedEnergyKwh', width: 110, render: (r) => String(r.ratedEnergyKwh) },
    { key: 'cellCount', titleKey: 'battery.cellCount', width: 90, render: (r) => String(r.cellCount) },
    { key: 'manufacturer', titleKey: 'battery.manufacturer', width: 140, render: (r) => r.manufacturer },
  ];
  return (
    <TableScreen<BatteryModelRow, Form>
      screen="batteryModel" searchPlaceholderKey="battery.searchModel" columns={columns} useList={useModels} fields={modelFields} emptyForm={emptyModel} toForm={modelToForm}
      dialogWidth={600} addTitleKey="battery.addModel" editTitleKey="battery.editModel"
      save={(form, editing) => save(formToModel(form), editing?.id)} remove={(rows) => remove(rows.map((r) => r.id))}
      excel={{ path: 'energy/battery/models', tag: 'Battery' }}
    />
  );
}

function packScreen(screen: string, state?: number) {
  const useList = listHook<BatteryPackRow>(resource('packs'), state ? { state } : undefined);
  return function PackScreen(_props: ScreenProps) {
    const models = useLookup<{ records: BatteryModelRow[] }>('energy/battery/models?size=1000', 'Battery');
    const modelOptions = useMemo(() => (models?.records ?? []).map((m) => ({ value: m.modelCode, label: `${m.modelCode} ${m.name}` })), [models]);
    const fields = useMemo(() => packFields(modelOptions), [modelOptions]);
    const { save, remove } = useResourceMutations(resource('packs'));
    const columns: readonly ColumnSpec<BatteryPackRow>[] = [
      { key: 'packCode', titleKey: 'battery.packCode', sortable: true, width: 220, render: (r) => r.packCode },
      { key: 'modelCode', titleKey: 'battery.modelCode', width: 110, render: (r) => r.modelCode },
      { key: 'state', titleKey: 'battery.stateTitle', width: 90, render: (r) => <StateTag state={r.state} /> },
      { key: 'producer', titleKey: 'battery.producer', width: 120, render: (r) => r.producer },
      { key: 'producedOn', titleKey: 'battery.producedOn', sortable: true, width: 110, render: (r) => r.producedOn },
      { key: 'batch', titleKey: 'battery.batch', width: 90, render: (r) => r.batch },
      { key: 'vin', titleKey: 'battery.vin', width: 170, render: (r) => r.vin },
      { key: 'installedOn', titleKey: 'battery.installedOn', width: 110, render: (r) => r.installedOn },
    ];
    return (
      <TableScreen<BatteryPackRow, Form>
        screen={screen} searchPlaceholderKey="battery.searchPack" columns={columns} useList={useList} fields={fields} emptyForm={emptyPack} toForm={packToForm}
        dialogWidth={600} addTitleKey="battery.addPack" editTitleKey="battery.editPack"
        save={(form, editing) => save(formToPack(form), editing?.id)} remove={(rows) => remove(rows.map((r) => r.id))}
        excel={{ path: 'energy/battery/packs', tag: 'Battery' }}
        toolbar={(selected) => <TraceButton packCode={selected[0]?.packCode} />}
      />
    );
  };
}

const useModules = listHook<BatteryModuleRow>(resource('modules'));

/** /index/afterSaleBatteryModule: modules of the packs. */
export function BatteryModuleScreen(_props: ScreenProps) {
  const { save, remove } = useResourceMutations(resource('modules'));
  const columns: readonly ColumnSpec<BatteryModuleRow>[] = [
    { key: 'moduleCode', titleKey: 'battery.moduleCode', sortable: true, width: 220, render: (r) => r.moduleCode },
    { key: 'packCode', titleKey: 'battery.packCode', width: 220, render: (r) => r.packCode },
    { key: 'state', titleKey: 'battery.stateTitle', width: 90, render: (r) => <StateTag state={r.state} /> },
    { key: 'cellCount', titleKey: 'battery.cellCount', width: 90, render: (r) => String(r.cellCount) },
    { key: 'producedOn', titleKey: 'battery.producedOn', width: 110, render: (r) => r.producedOn },
  ];
  return (
    <TableScreen<BatteryModuleRow, Form>
      screen="afterSaleBatteryModule" searchPlaceholderKey="battery.searchModule" columns={columns} useList={useModules} fields={moduleFields} emptyForm={emptyModule} toForm={moduleToForm}
      dialogWidth={600} addTitleKey="battery.addModule" editTitleKey="battery.editModule"
      save={(form, editing) => save(formToModule(form), editing?.id)} remove={(rows) => remove(rows.map((r) => r.id))}
      excel={{ path: 'energy/battery/modules', tag: 'Battery' }}
    />
  );
}

function recordScreen(screen: string, list: string, kinds: string[], readOnly = false) {
  const useList = listHook<BatteryRecordRow>(resource(list));
  const fields = recordFields(kinds);
  return function RecordScreen(_props: ScreenProps) {
    const { t } = useTranslation();
    const { save } = useResourceMutations(resource(list));
    const columns: readonly ColumnSpec<BatteryRecordRow>[] = [
      { key: 'happenedOn', titleKey: 'battery.happenedOn', sortable: true, width: 110, render: (r) => r.happenedOn },
      { key: 'kind', titleKey: 'battery.kind', width: 110, render: (r) => t(`battery.kind.${r.kind}`) },
      { key: 'packCode', titleKey: 'battery.packCode', width: 220, render: (r) => r.packCode },
      { key: 'party', titleKey: 'battery.party', width: 150, render: (r) => r.party },
      { key: 'residualCapacityPct', titleKey: 'battery.residualCapacityPct', width: 110, render: (r) => (r.residualCapacityPct === null ? '' : String(r.residualCapacityPct)) },
      { key: 'destination', titleKey: 'battery.destination', width: 100, render: (r) => (r.destination ? t(`battery.destination.${r.destination}`) : '') },
      { key: 'reason', titleKey: 'battery.reason', width: 160, render: (r) => r.reason },
      { key: 'operator', titleKey: 'battery.operator', width: 90, render: (r) => r.operator },
    ];
    const excel = { path: `energy/battery/${list}`, tag: 'Battery' as const };
    if (readOnly) return <TableScreen<BatteryRecordRow, Record<string, never>> screen={screen} searchPlaceholderKey="battery.searchPack" columns={columns} useList={useList} {...readOnlyTable('battery.record')} excel={excel} />;
    return (
      <TableScreen<BatteryRecordRow, Form>
        screen={screen} searchPlaceholderKey="battery.searchPack" columns={columns} useList={useList} fields={fields} emptyForm={emptyRecord(kinds[0]!)} toForm={() => emptyRecord(kinds[0]!)}
        dialogWidth={600} addTitleKey="battery.addRecord" editTitleKey="battery.addRecord" canEdit={false} canDelete={false}
        save={(form) => save(formToRecord(form))} remove={async () => false}
        excel={excel}
      />
    );
  };
}

export const BatteryProductionScreen = packScreen('batteryProductionInfo');
export const BatteryPackInformationScreen = packScreen('batteryPackInformation');
export const AfterSalePackScreen = packScreen('afterSaleBatteryPackInfo', 3);
export const WarehouseScreen = recordScreen('afterSaleBatteryWarehouse', 'warehouse', ['warehouseIn', 'warehouseOut']);
export const RecoveryScreen = recordScreen('batteryRecoveryInfo', 'recovery', ['recovery']);
export const RetirementScreen = recordScreen('batteryRetirementInfo', 'retirement', ['retirement']);
export const FactoryRetirementScreen = recordScreen('batteryFactoryRetirementInfo', 'factory-retirement', ['factoryRetirement']);
export const RetiredScreen = recordScreen('batteryRetirement', 'retired', ['retirement', 'factoryRetirement'], true);
