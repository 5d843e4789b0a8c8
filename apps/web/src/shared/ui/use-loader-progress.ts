import { useEffect, useState } from 'react';
import { LOADER_BANDS } from '@teamcast/contracts';
import { LOADER_STEP_MS, loaderProgress } from './loader-progress.ts';

/** Percent shown by a loader: moves to a random point of the next band every step, then waits in the last one. */
export function useLoaderProgress(): number {
  const [step, setStep] = useState(0);
  const [value, setValue] = useState(() => loaderProgress(0));
  useEffect(() => {
    if (step >= LOADER_BANDS.length - 1) return;
    const timer = window.setTimeout(() => {
      setStep(step + 1);
      setValue(loaderProgress(step + 1));
    }, LOADER_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [step]);
  return value;
}
