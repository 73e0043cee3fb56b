import { validateForm } from '../table-screen/table-model';
import { waybillListParams, emptyWaybillFilter } from './waybill-filter';
import { emptyWaybillForm, formToWaybill, waybillFields, waybillStateKey, waybillToForm, type WaybillForm } from './waybill-form';

const drivers = [{ value: '7', label: '张三' }];
const fields = waybillFields({ vehicles: [{ value: 'v1', label: '京A12345' }], drivers });
const filled: WaybillForm = {
  ...emptyWaybillForm, vehicleId: 'v1', driverId: '7', shipper: '北京钢铁', consignee: '天津物流', goods: '钢材', weightKg: '12000', dangerousClass: '3',
  originName: '北京货场', originLng: '116.3', originLat: '39.9', originRadiusM: '200', destinationName: '天津港', destinationLng: '117.7', destinationLat: '39.05', destinationRadiusM: '300',
  plannedDepartAt: '2026-11-27 08:00:00', plannedArriveAt: '2026-11-27 12:00:00',
};

describe('waybill form', () => {
  it('turns the dialog into the API body and back', () => {
    const body = formToWaybill(filled, drivers);
    expect(body).toMatchObject({ vehicleId: 'v1', driverId: '7', driverName: '张三', weightKg: 12000, dangerousClass: 3, origin: { name: '北京货场', longitude: 116.3, latitude: 39.9, radiusM: 200 }, destination: { longitude: 117.7, latitude: 39.05, radiusM: 300 }, via: [] });
    const view = { ...body, id: 1, waybillNo: 'YD1', driverId: '7', shipperPhone: '', consigneePhone: '', weightKg: 12000, via: [], remark: '', plateCode: '', companyId: '10', status: 'planned' as const, late: false, departedAt: null, arrivedAt: null, sendStatus: null, sendErrorCode: 0, sentAt: null, createdAt: '' };
    expect(waybillToForm(view)).toEqual({ ...filled, shipperPhone: '', consigneePhone: '', remark: '' });
  });

  it('refuses an arrival not after the departure, a radius out of range and a bad phone', () => {
    expect(validateForm(fields, filled)).toEqual({});
    expect(validateForm(fields, { ...filled, plannedArriveAt: '2026-11-27 08:00:00' })).toEqual({ plannedArriveAt: 'waybill.arriveBeforeDepart' });
    expect(validateForm(fields, { ...filled, originRadiusM: '10', destinationLat: '91' })).toEqual({ originRadiusM: 'waybill.badNumber', destinationLat: 'waybill.badNumber' });
    expect(validateForm(fields, { ...filled, shipperPhone: 'abc' })).toEqual({ shipperPhone: 'waybill.badPhone' });
  });

  it('names the state with lateness', () => {
    expect(waybillStateKey({ status: 'arrived', late: true })).toBe('waybill.state.arrivedLate');
    expect(waybillStateKey({ status: 'onTheWay', late: true })).toBe('waybill.state.late');
    expect(waybillStateKey({ status: 'planned', late: false })).toBe('waybill.state.planned');
  });

  it('asks the list for the filter: late as a flag, a state as status, nothing empty', () => {
    expect(waybillListParams(emptyWaybillFilter, { pageNo: 2, pageSize: 20, keyword: '' })).toEqual({ current: 2, size: 20 });
    expect(waybillListParams({ ...emptyWaybillFilter, state: 'late', vehicleId: 'v1', driverName: ' 张 ' })).toEqual({ late: 1, vehicleIds: 'v1', driverName: '张' });
    expect(waybillListParams({ ...emptyWaybillFilter, state: 'arrived' })).toEqual({ status: 'arrived' });
  });
});
