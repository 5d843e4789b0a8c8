// Worker-thread entry: registers the TypeScript loader in this thread, then hands team work to scene-work.ts.
import { register } from 'tsx/esm/api';

register();
const { sceneWork } = await import('./scene-work.ts');
export default sceneWork;
