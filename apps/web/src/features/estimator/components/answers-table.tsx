import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EstimatorProfileView } from '@teamcast/contracts';

/** A profile's answers in questionnaire order, with the step as a heading row. */
export function AnswersTable({ answers }: { answers: EstimatorProfileView['answers'] }) {
  const { t } = useTranslation('estimator');
  if (answers.length === 0) return <Text c="dimmed">{t('profile.noAnswers')}</Text>;
  const rows = answers.flatMap((answer, index) => {
    const heading =
      index === 0 || answers[index - 1]!.step !== answer.step ? (
        <Table.Tr key={`step-${answer.step}`}>
          <Table.Th colSpan={2}>{answer.step}</Table.Th>
        </Table.Tr>
      ) : null;
    return [
      heading,
      <Table.Tr key={answer.neuron}>
        <Table.Td>{answer.question}</Table.Td>
        <Table.Td>{answer.answer}</Table.Td>
      </Table.Tr>,
    ];
  });
  return (
    <Table data-testid="profile-answers">
      <Table.Tbody>{rows}</Table.Tbody>
    </Table>
  );
}
