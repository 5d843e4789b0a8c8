// Worker-thread entry: registers the TypeScript loader in this thread, then hands pair forecasts to pair-forecast.ts.
import { register } from 'tsx/esm/api';

register();
const { pairForecast } = await import('./pair-forecast.ts');
export default pairForecast;
