import { fromAnswerMap, visibleSlotsByStep, type Answer, type AnswerValue, type Question, type Step } from '@teamcast/contracts';

function firstValue(question: Question): AnswerValue {
  switch (question.type) {
    case 'slider':
      return question.min ?? 0;
    case 'range':
      return [question.min ?? 0, question.max ?? 0];
    case 'select':
      return question.options[0]!.value;
    default:
      return [question.options[0]!.value];
  }
}

/** For tests: answers every question shown, with the given values where named and the first choice elsewhere. */
export function fillAnswers(steps: Step[], overrides: Record<string, AnswerValue> = {}): Answer[] {
  const answers = new Map<string, AnswerValue>();
  for (let pass = 0; pass < 10; pass += 1) {
    const visible = visibleSlotsByStep(steps, answers).flat();
    const shown = new Set(visible.map((slot) => slot.neuron));
    let changed = false;
    for (const neuron of [...answers.keys()]) {
      if (!shown.has(neuron)) {
        answers.delete(neuron);
        changed = true;
      }
    }
    for (const slot of visible) {
      if (slot.question.type === 'formula' || answers.has(slot.neuron)) continue;
      answers.set(slot.neuron, overrides[slot.neuron] ?? firstValue(slot.question));
      changed = true;
    }
    if (!changed) break;
  }
  return fromAnswerMap(answers);
}
