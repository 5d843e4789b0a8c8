import { checkAnswers, type Answer, type Step } from '@teamcast/contracts';
import { RequestValidationError } from '../../core/errors.ts';

/** Checks an answer set with the contracts' engine; an inconsistent one is refused naming the neuron, as a 400. */
export function checkedAnswers(steps: Step[], answers: Answer[], complete: boolean): Answer[] {
  const result = checkAnswers(steps, answers, { complete });
  if (result.ok) return result.answers;
  throw new RequestValidationError([{ code: 'custom', path: ['answers', result.issue.neuron], message: result.issue.key, input: undefined }]);
}
