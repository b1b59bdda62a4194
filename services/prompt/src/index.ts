export { promptModule } from './prompt.module';
