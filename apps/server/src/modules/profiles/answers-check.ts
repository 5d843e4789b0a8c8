import { checkAnswers, plausibilityIssues, toAnswerMap, type Answer, type Step } from '@teamcast/contracts';
import { RequestValidationError } from '../../core/errors.ts';

/**
 * Checks an answer set with the contracts' engine: an inconsistent one, or one whose answers cannot all be true
 * together (plausibility rules, such as work experience over age minus 14), is refused naming the neuron, as a 400.
 */
export function checkedAnswers(steps: Step[], answers: Answer[], complete: boolean): Answer[] {
  const result = checkAnswers(steps, answers, { complete });
  if (!result.ok) throw new RequestValidationError([{ code: 'custom', path: ['answers', result.issue.neuron], message: result.issue.key, input: undefined }]);
  const implausible = plausibilityIssues(steps, toAnswerMap(result.answers));
  if (implausible.length > 0) {
    throw new RequestValidationError(
      implausible.map(({ neuron, key, params }) => ({ code: 'custom', path: ['answers', neuron], message: key, params, input: undefined })),
    );
  }
  return result.answers;
}
