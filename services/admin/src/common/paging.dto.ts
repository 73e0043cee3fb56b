// Shared with every service's list endpoints.
export { MAX_PAGE, PageQueryDto, type Page } from '@openfleet/service-kit';
