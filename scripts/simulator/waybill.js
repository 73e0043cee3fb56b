// `--waybill`: each terminal reports an electronic waybill (0x0701) right after its driver card
// (0x0702) at every authentication, as a terminal does when the driver confirms the day's load.
// JT/T 808 leaves the content to the application: these use the `key:value;` GBK text that the
// industry service lists item by item (docs/industry.md "Electronic waybills").
const iconv = require('iconv-lite');

const SHIPPERS = ['北京钢铁', '天津物流', '河北建材', '山东粮油'];
const GOODS = [['钢材', '普通货物'], ['水泥', '普通货物'], ['液化石油气', '第2类'], ['汽油', '第3类']];

/** The text of terminal `index`'s waybill number `serial` (China date in the number). */
function waybillText(terminal, serial, now = Date.now()) {
  const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
  const [goods, kind] = GOODS[terminal.index % GOODS.length];
  const shipper = SHIPPERS[terminal.index % SHIPPERS.length];
  const consignee = SHIPPERS[(terminal.index + 1) % SHIPPERS.length];
  return `运单号:YD${day}${String(terminal.index).padStart(4, '0')}${serial};托运人:${shipper};收货人:${consignee};货物:${goods};类别:${kind};车牌:${terminal.plate}`;
}

/** The 0x0701 body (libs/jt808: `content` hex after the DWORD length). */
function waybillUpload(terminal) {
  terminal.waybillSerial = (terminal.waybillSerial ?? 0) + 1;
  return { content: iconv.encode(waybillText(terminal, terminal.waybillSerial), 'gbk').toString('hex') };
}

module.exports = { waybillText, waybillUpload };
