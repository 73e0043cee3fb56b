/** The 25 vehicle types of the console's type picker (code -> zh_CN / en_US). */
export const VEHICLE_TYPES: readonly { code: number; zh_CN: string; en_US: string }[] = [
  [1, '普通货车', 'General truck'], [2, '危险品运输车', 'Dangerous goods truck'], [3, '渣土车', 'Muck truck'],
  [4, '环卫车', 'Sanitation vehicle'], [5, '客车', 'Coach'], [6, '公交车', 'City bus'], [7, '出租车', 'Taxi'],
  [8, '旅游包车', 'Tour bus'], [9, '校车', 'School bus'], [10, '冷藏车', 'Refrigerated truck'], [11, '牵引车', 'Tractor'],
  [12, '挂车', 'Trailer'], [13, '自卸车', 'Dump truck'], [14, '混凝土搅拌车', 'Concrete mixer'], [15, '洒水车', 'Sprinkler'],
  [16, '垃圾车', 'Garbage truck'], [17, '清扫车', 'Street sweeper'], [18, '桥检车', 'Bridge inspection vehicle'],
  [19, '工程车', 'Engineering vehicle'], [20, '救援车', 'Rescue vehicle'], [21, '新能源乘用车', 'New-energy passenger car'],
  [22, '新能源客车', 'New-energy bus'], [23, '新能源物流车', 'New-energy logistics vehicle'], [24, '专用作业车', 'Special-purpose vehicle'],
  [25, '其他', 'Other'],
].map(([code, zh_CN, en_US]) => ({ code: code as number, zh_CN: zh_CN as string, en_US: en_US as string }));

/** 1 blue, 2 yellow, 3 black, 4 white, 5 green, 9 other. */
export const PLATE_COLORS = [1, 2, 3, 4, 5, 9] as const;
