export { AppError, isAppError, type AppErrorOptions } from './app-error';
export type { ErrorRow, ErrorTable } from './catalogue/error-table';
export { clientActionFor, envelopeForTransportFailure, type ClientAction } from './client-action';
export {
  ErrorCode,
  errorFamilies,
  errorRanges,
  isErrorCode,
  type ErrorCodeName,
  type ErrorRange,
} from './error-code';
export { MessageKey } from './message-key';
export { DEFAULT_LOCALE, LOCALES, messageFor, messages, type Locale, type MessageMap } from './messages';
