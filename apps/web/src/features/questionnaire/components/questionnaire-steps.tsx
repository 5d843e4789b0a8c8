import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  computeFormulas,
  fromAnswerMap,
  plausibilityIssues,
  stepValid,
  toAnswerMap,
  validationMessage,
  visibleSlotsByStep,
  type Answer,
  type AnswerMap,
  type AnswerValue,
  type Locale,
  type Step,
} from '@teamcast/contracts';
import { QuestionField } from '../../../shared/questionnaire/question-field.tsx';
import classes from '../../../shared/questionnaire/questionnaire.module.css';

type Props = {
  steps: Step[];
  answers: Answer[];
  onAnswers: (answers: Answer[]) => void;
  step: number;
  onStep: (step: number) => void;
  /** Shown above the first step's questions (names, birth date); the first step needs it valid too. */
  intro?: ReactNode;
  introValid?: boolean;
  /** Shown under the last step (consent and send). */
  finish: ReactNode;
  /** Neurons fixed by an earlier completion. */
  storedNeurons?: string[];
  /** Labels of the two sides in the couple questionnaire. */
  sides?: { self: string; partner: string };
};

/** The neurons of a step whose answers break a plausibility rule, with the rule's message in the language. */
function implausibleOnStep(steps: Step[], stepIndex: number, map: AnswerMap, locale: Locale): Map<string, string> {
  const onStep = new Set((visibleSlotsByStep(steps, map)[stepIndex] ?? []).map((slot) => slot.neuron));
  return new Map(
    plausibilityIssues(steps, map)
      .filter((issue) => onStep.has(issue.neuron))
      .map((issue) => [issue.neuron, validationMessage(issue.key, locale, issue.params)]),
  );
}

/** A step can be left forward: every visible question answered and no answer on it implausible. */
function stepComplete(steps: Step[], stepIndex: number, map: AnswerMap): boolean {
  return stepValid(steps, stepIndex, map) && implausibleOnStep(steps, stepIndex, map, 'en').size === 0;
}

/**
 * The questionnaire step by step, with progress; questions appear and disappear with their conditions, and an answer
 * that cannot be true with the others (plausibility rules) is said so under its question.
 */
export function QuestionnaireSteps({ steps, answers, onAnswers, step, onStep, intro, introValid = true, finish, storedNeurons = [], sides }: Props) {
  const { t, i18n } = useTranslation('questionnaire');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const map = toAnswerMap(answers);
  const shown = computeFormulas(steps, map);
  const current = Math.max(0, Math.min(step, steps.length - 1));
  const slots = visibleSlotsByStep(steps, map)[current] ?? [];
  const implausible = implausibleOnStep(steps, current, map, locale);
  const valid = stepComplete(steps, current, map) && (current > 0 || introValid);
  const last = current === steps.length - 1;
  const stored = new Set(storedNeurons);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(current);

  // A new step starts at its title, for the eye and for screen readers (not on the first render).
  useEffect(() => {
    if (shownStep.current === current) return;
    shownStep.current = current;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [current]);

  const setAnswer = (neuron: string, value: AnswerValue | undefined) => {
    const next = new Map(map);
    if (value === undefined) next.delete(neuron);
    else next.set(neuron, value);
    onAnswers(fromAnswerMap(next));
  };

  return (
    <div className={classes.stack}>
      <div className={classes.progress}>
        <span className={`${classes.dimmed} ${classes.small}`} data-testid="questionnaire-progress">
          {t('form.progress', { step: current + 1, total: steps.length })}
        </span>
        <progress max={steps.length} value={current + 1} aria-label={t('form.progressLabel')} />
      </div>
      <h2 ref={heading} tabIndex={-1}>
        {steps[current]!.title[locale]}
      </h2>
      {current === 0 ? intro : null}
      <div className={classes.panel}>
        {slots.map((slot) => (
          <div key={slot.neuron}>
            <QuestionField
              slot={slot}
              value={slot.question.type === 'formula' ? shown.get(slot.neuron) : map.get(slot.neuron)}
              onChange={(value) => setAnswer(slot.neuron, value)}
              locale={locale}
              disabled={stored.has(slot.neuron)}
              sideLabel={slot.question.scope === 'both' && sides ? sides[slot.side] : undefined}
            />
            {implausible.has(slot.neuron) ? (
              <p className={classes.error} role="alert" data-testid={`implausible-${slot.neuron}`}>
                {implausible.get(slot.neuron)}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      {last ? finish : null}
      <div className={classes.between}>
        <button type="button" className={classes.secondary} onClick={() => onStep(current - 1)} disabled={current === 0}>
          {t('form.back')}
        </button>
        {last ? null : (
          <button type="button" className={classes.button} onClick={() => onStep(current + 1)} disabled={!valid}>
            {t('form.next')}
          </button>
        )}
      </div>
      {!valid && implausible.size === 0 ? <p className={`${classes.dimmed} ${classes.small}`}>{t('form.answerAll')}</p> : null}
    </div>
  );
}

/** Answers to send: only visible questions, formulas left to the server. */
export function answersToSend(steps: Step[], answers: Answer[]): Answer[] {
  const map = toAnswerMap(answers);
  const slots = visibleSlotsByStep(steps, map).flat();
  return slots
    .filter((slot) => slot.question.type !== 'formula' && map.has(slot.neuron))
    .map((slot) => ({ neuron: slot.neuron, value: map.get(slot.neuron)! }));
}

/** Every step valid and every answer plausible: the form can be sent. */
export function allStepsValid(steps: Step[], answers: Answer[]): boolean {
  const map = toAnswerMap(answers);
  return steps.every((_, index) => stepComplete(steps, index, map));
}
