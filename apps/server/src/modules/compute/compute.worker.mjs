// Worker-thread entry: registers the TypeScript loader in this thread, then hands tasks to compute.tasks.ts.
import { register } from 'tsx/esm/api';

register();
const { runTask } = await import('./compute.tasks.ts');
export default runTask;
