import { Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEstimatorProfile } from '../api/estimator-profile.ts';
import { useEstimatorProfiles } from '../api/estimator-profiles.ts';

/** Two assigned profiles side by side: scores, then every question either of them answered. */
export function CompareProfilesPage() {
  const { t, i18n } = useTranslation('estimator');
  const [search, setSearch] = useSearchParams();
  const a = search.get('a') ?? undefined;
  const b = search.get('b') ?? undefined;
  const options = useEstimatorProfiles({ limit: 500 });
  const left = useEstimatorProfile(a, i18n.language);
  const right = useEstimatorProfile(b, i18n.language);
  const choices = (options.data?.items ?? []).map((item) => ({ value: item._id, label: `${item.code}${item.position ? ` · ${item.position}` : ''}` }));
  const pick = (key: 'a' | 'b') => (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next);
  };
  const questions = new Map<string, string>();
  for (const answer of [...(left.data?.answers ?? []), ...(right.data?.answers ?? [])]) questions.set(answer.neuron, answer.question);
  const answerOf = (side: typeof left.data, neuron: string) => side?.answers.find((answer) => answer.neuron === neuron)?.answer ?? '—';
  const outputs = ['competencies', 'professionalism', 'maturity'] as const;

  return (
    <Stack gap="md" data-testid="compare-profiles">
      <Title order={1}>{t('compare.title')}</Title>
      <Group grow>
        <Select label={t('compare.first')} data={choices} value={a ?? null} onChange={pick('a')} searchable clearable />
        <Select label={t('compare.second')} data={choices} value={b ?? null} onChange={pick('b')} searchable clearable />
      </Group>
      {!left.data || !right.data ? (
        <Text c="dimmed">{t('compare.pickTwo')}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{left.data.code}</Table.Th>
              <Table.Th>{right.data.code}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('scores.grade')}</Table.Td>
              <Table.Td>{left.data.modelWithheld ? t('list.gradeHidden') : (left.data.grade ?? t('notScored'))}</Table.Td>
              <Table.Td>{right.data.modelWithheld ? t('list.gradeHidden') : (right.data.grade ?? t('notScored'))}</Table.Td>
            </Table.Tr>
            {outputs.map((output) => (
              <Table.Tr key={output}>
                <Table.Td>{t(`scores.${output}`)}</Table.Td>
                <Table.Td>{left.data!.scores ? Math.round(left.data!.scores[output]) : left.data!.modelWithheld ? t('list.gradeHidden') : '—'}</Table.Td>
                <Table.Td>{right.data!.scores ? Math.round(right.data!.scores[output]) : right.data!.modelWithheld ? t('list.gradeHidden') : '—'}</Table.Td>
              </Table.Tr>
            ))}
            {[...questions].map(([neuron, question]) => (
              <Table.Tr key={neuron}>
                <Table.Td>{question}</Table.Td>
                <Table.Td>{answerOf(left.data, neuron)}</Table.Td>
                <Table.Td>{answerOf(right.data, neuron)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
