export { startStandalone, type RunningPlatform } from './start-standalone';
export { StandaloneModule } from './standalone.module';
