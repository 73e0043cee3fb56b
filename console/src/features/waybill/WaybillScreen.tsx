import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { WaybillPlans } from './WaybillPlans';
import { WaybillUploads } from './WaybillUploads';
import './waybill.css';

/** /monitor/waybill: dispatchers' waybills tracked against the trip, and the waybills terminals reported (0x0701). */
export default function WaybillScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  return (
    <div className="of-waybill">
      <Tabs id="waybill-tabs" className="of-waybill-tabs" renderActiveTabPanelOnly>
        <Tab id="plans" title={t('waybill.tab.plans')} panel={<WaybillPlans />} />
        <Tab id="uploads" title={t('waybill.tab.uploads')} panel={<WaybillUploads />} />
      </Tabs>
    </div>
  );
}
