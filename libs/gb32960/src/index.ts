export * from './errors';
export { bcc, Command, decodeFrame, encodeFrame, Encryption, Gb32960Deframer, HEADER_LENGTH, MAX_FRAME_LENGTH, Response } from './frame';
export type { Gb32960Edition, Gb32960Frame } from './frame';
export type { Reading } from './values';
export { fromReading, toReading } from './values';
export { GENERAL_ALARMS, MAX_CELLS_PER_FRAME, splitCellVoltages } from './units';
export type { Alarms, DriveMotor, Engine, Extremes, FuelCell, Position, RealtimeUnit, SubsystemTemperatures, SubsystemVoltages, WholeVehicle } from './units';
export {
  chinaTime,
  commandName,
  decodeLogout,
  decodePlatformLogin,
  decodeRealtime,
  decodeTime,
  timeMs,
  decodeVehicleLogin,
  encodeLogout,
  encodePlatformLogin,
  encodeRealtime,
  encodeTime,
  encodeVehicleLogin,
} from './messages';
export type { Logout, PlatformLogin, Realtime, VehicleLogin } from './messages';
export {
  decodeHj1239Frame,
  decodeHj1239Login,
  decodeHj1239Logout,
  decodeHj1239Realtime,
  DIESEL_STREAM_LENGTH,
  encodeHj1239Frame,
  encodeHj1239Login,
  encodeHj1239Logout,
  encodeHj1239Realtime,
  Hj1239Command,
  Hj1239Encryption,
  Hj1239InfoType,
  SUPPLEMENT_LENGTH,
} from './hj1239';
export type { DieselStream, Hj1239Frame, Hj1239Info, Hj1239Login, Hj1239Logout, Hj1239Realtime, ObdInfo, SupplementStream } from './hj1239';
export {
  ControlCommand,
  decodeParameterList,
  decodeParameterQuery,
  decodeTerminalControl,
  encodeParameterList,
  encodeParameterQuery,
  encodeTerminalControl,
  ParameterCommand,
  parameterDef,
} from './parameters';
export type { ParameterDef, ParameterList, ParameterQuery, TerminalControl, VehicleParameter } from './parameters';
