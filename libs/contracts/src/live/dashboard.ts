/**
 * The big screen's push (hub event `dashboard`, console /monitor/bigDataShow): aggregates of the
 * receiving user's scope only, computed by the api hub (services/api/src/live-hub/dashboard).
 * Never a per-vehicle list, so a push costs the same for 100 or 100,000 vehicles. Browser-safe.
 */

/** A province of China by its administrative code (GB/T 2260, two digits), with a point to draw its count at. */
export interface DashboardProvince {
  code: string;
  zh: string;
  en: string;
  /** WGS-84 degrees: roughly the province's middle (a bubble's place on the map). */
  lon: number;
  lat: number;
}

/** The 34 provincial units; the dashboard counts vehicles by `code`. */
export const CHINA_PROVINCES: readonly DashboardProvince[] = [
  { code: '11', zh: '北京', en: 'Beijing', lon: 116.4, lat: 40.2 },
  { code: '12', zh: '天津', en: 'Tianjin', lon: 117.35, lat: 39.3 },
  { code: '13', zh: '河北', en: 'Hebei', lon: 115.2, lat: 38.4 },
  { code: '14', zh: '山西', en: 'Shanxi', lon: 112.3, lat: 37.6 },
  { code: '15', zh: '内蒙古', en: 'Inner Mongolia', lon: 111.7, lat: 41.9 },
  { code: '21', zh: '辽宁', en: 'Liaoning', lon: 122.6, lat: 41.3 },
  { code: '22', zh: '吉林', en: 'Jilin', lon: 126.2, lat: 43.7 },
  { code: '23', zh: '黑龙江', en: 'Heilongjiang', lon: 127.7, lat: 47.9 },
  { code: '31', zh: '上海', en: 'Shanghai', lon: 121.45, lat: 31.2 },
  { code: '32', zh: '江苏', en: 'Jiangsu', lon: 119.4, lat: 33.0 },
  { code: '33', zh: '浙江', en: 'Zhejiang', lon: 120.1, lat: 29.2 },
  { code: '34', zh: '安徽', en: 'Anhui', lon: 117.2, lat: 31.8 },
  { code: '35', zh: '福建', en: 'Fujian', lon: 118.0, lat: 26.1 },
  { code: '36', zh: '江西', en: 'Jiangxi', lon: 115.7, lat: 27.6 },
  { code: '37', zh: '山东', en: 'Shandong', lon: 118.2, lat: 36.4 },
  { code: '41', zh: '河南', en: 'Henan', lon: 113.6, lat: 33.9 },
  { code: '42', zh: '湖北', en: 'Hubei', lon: 112.3, lat: 31.0 },
  { code: '43', zh: '湖南', en: 'Hunan', lon: 111.7, lat: 27.6 },
  { code: '44', zh: '广东', en: 'Guangdong', lon: 113.4, lat: 23.3 },
  { code: '45', zh: '广西', en: 'Guangxi', lon: 108.8, lat: 23.8 },
  { code: '46', zh: '海南', en: 'Hainan', lon: 109.8, lat: 19.2 },
  { code: '50', zh: '重庆', en: 'Chongqing', lon: 107.9, lat: 30.1 },
  { code: '51', zh: '四川', en: 'Sichuan', lon: 102.7, lat: 30.6 },
  { code: '52', zh: '贵州', en: 'Guizhou', lon: 106.9, lat: 26.8 },
  { code: '53', zh: '云南', en: 'Yunnan', lon: 101.5, lat: 25.0 },
  { code: '54', zh: '西藏', en: 'Tibet', lon: 88.4, lat: 31.5 },
  { code: '61', zh: '陕西', en: 'Shaanxi', lon: 108.9, lat: 35.2 },
  { code: '62', zh: '甘肃', en: 'Gansu', lon: 102.0, lat: 37.5 },
  { code: '63', zh: '青海', en: 'Qinghai', lon: 96.0, lat: 35.7 },
  { code: '64', zh: '宁夏', en: 'Ningxia', lon: 106.2, lat: 37.3 },
  { code: '65', zh: '新疆', en: 'Xinjiang', lon: 85.2, lat: 41.1 },
  { code: '71', zh: '台湾', en: 'Taiwan', lon: 120.96, lat: 23.7 },
  { code: '81', zh: '香港', en: 'Hong Kong', lon: 114.17, lat: 22.32 },
  { code: '82', zh: '澳门', en: 'Macau', lon: 113.55, lat: 22.19 },
];

/** Upper bounds (exclusive, the last inclusive) of the SOC buckets: 0-20, 20-40, 40-60, 60-80, 80-100 %. */
export const SOC_BUCKET_BOUNDS = [20, 40, 60, 80, 100] as const;

/** Minutes between two points of the online-rate trend. */
export const DASHBOARD_TREND_STEP_MINUTES = 10;

/** How many rows the top lists and the alarm ticker carry. */
export const DASHBOARD_TOP_N = 5;
export const DASHBOARD_TICKER_SIZE = 12;

export interface DashboardCount {
  key: string;
  count: number;
}

/** A company's figure in a top list (names come from the console's company tree). */
export interface DashboardCompanyFigure {
  companyId: string;
  value: number;
}

/** One point of the online-rate trend: counts at the end of a 10-minute step. */
export interface DashboardTrendPoint {
  at: number;
  online: number;
  total: number;
}

/** A new alarm on the ticker. */
export interface DashboardTickerAlarm {
  alarmId: string;
  plateCode: string;
  type: string;
  level: number;
  startedAt: number;
  /** CHINA_PROVINCES code, '' when unknown. */
  province: string;
}

/** One push of the big screen. */
export interface DashboardPayload {
  /** Epoch ms of the aggregation. */
  at: number;
  /** The China day the day figures (mileage, alarms, trend) count: YYYY-MM-DD. */
  day: string;
  vehicles: { total: number; online: number; moving: number; offline: number };
  /** Today's mileage of the scope's vehicles, km (one decimal). */
  mileageKm: number;
  alarms: {
    total: number;
    /** Counts by AlarmLevel code 0..3 (emergency, intermediate, ordinary, tip). */
    byLevel: number[];
    /** The most frequent types today, most first (at most 10). */
    byType: DashboardCount[];
  };
  onlineTrend: DashboardTrendPoint[];
  /** Vehicles with a known position by province code (only provinces with vehicles). */
  provinces: DashboardCount[];
  topCompaniesByAlarms: DashboardCompanyFigure[];
  topCompaniesByMileage: DashboardCompanyFigure[];
  ticker: DashboardTickerAlarm[];
  /** New-energy vehicles (those with a GB/T 32960 report today); zero counts when there are none. */
  energy: { vehicles: number; charging: number; socBuckets: number[] };
}

/** `dashboard` command: start (follow true) or stop the pushes to this socket. */
export interface DashboardFollowRequest {
  follow: boolean;
}
