// China Standard Time parameters and windows: shared by every service that answers time queries.
export { cstDate, formatCst, parseTimeParam, queryWindow } from '@openfleet/service-kit';
