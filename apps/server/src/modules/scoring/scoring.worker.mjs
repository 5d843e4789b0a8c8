// Worker-thread entry: registers the TypeScript loader in this thread, then hands training to training.task.ts.
import { register } from 'tsx/esm/api';

register();
const { runTraining } = await import('./training.task.ts');
export default runTraining;
