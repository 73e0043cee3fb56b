export { IndustryModule, INDUSTRY_ENTITIES, INDUSTRY_MIGRATIONS } from './industry.module';
