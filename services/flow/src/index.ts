export { flowModule } from './flow.module';
