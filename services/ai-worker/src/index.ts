export { aiWorkerModule } from './ai-worker.module';
