export { FenceModule, FENCE_ENTITIES, FENCE_MIGRATIONS } from './fence.module';
export { FenceEvaluatorService } from './evaluation/fence-evaluator.service';
export { FenceCatalogue } from './fence/fence-catalogue';
