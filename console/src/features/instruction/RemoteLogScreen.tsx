import { messageFor } from '@openfleet/errors';
import { REMOTE_OPERATIONS } from '@openfleet/contracts/instruction';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { PageQuery } from '../table-screen/table-model';
import { cstTime } from './command-form';
import { useLabel } from './CommandForm';
import { useRemoteLogQuery, type RemoteLogRow } from './instructionApi';
import { OperatorName } from '../operator-names/OperatorName';

function useRemoteLogList(query: PageQuery, skip: boolean) {
  const { data, isFetching } = useRemoteLogQuery({ current: query.pageNo, size: query.pageSize, ...(query.keyword ? { keyword: query.keyword } : {}) }, { skip });
  return { data, isFetching };
}

/** remoteOperationLog: who did what to which vehicle remotely (lock wizard steps, remote control), newest first. */
export default function RemoteLogScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const operationLabel = (key: string) => {
    const operation = REMOTE_OPERATIONS.find((candidate) => candidate.key === key);
    return operation ? label(operation.label) : t(`remoteLog.operation.${key}`, { defaultValue: key });
  };
  const columns: readonly ColumnSpec<RemoteLogRow>[] = [
    { key: 'createdAt', titleKey: 'remoteLog.time', width: 160, render: (row) => cstTime(row.createdAt) },
    { key: 'plateCode', titleKey: 'instruction.log.plate', width: 110, render: (row) => row.plateCode },
    { key: 'operation', titleKey: 'remoteLog.operation', width: 130, render: (row) => operationLabel(row.operation) },
    { key: 'detail', titleKey: 'remoteLog.detail', width: 240, render: (row) => row.detail },
    { key: 'result', titleKey: 'remoteLog.result', width: 220, render: (row) => (row.errorCode ? `${row.errorCode} ${messageFor(row.errorCode, i18n.language === 'en_US' ? 'en_US' : 'zh_CN')}` : t('remoteLog.ok')) },
    { key: 'orderId', titleKey: 'instruction.log.id', width: 90, render: (row) => (row.orderId ? String(row.orderId) : '') },
    { key: 'operatorId', titleKey: 'instruction.log.operator', width: 90, render: (row) => <OperatorName id={row.operatorId} /> },
  ];
  return (
    <TableScreen<RemoteLogRow, Record<string, string>>
      screen="remoteOperationLog"
      searchPlaceholderKey="instruction.log.searchPlate"
      columns={columns}
      useList={useRemoteLogList}
      {...readOnlyTable('remoteLog.title')}
    />
  );
}
