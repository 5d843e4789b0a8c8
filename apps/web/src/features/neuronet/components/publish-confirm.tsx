import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Fairness, ScoringModel } from '@teamcast/contracts';
import { FAIRNESS_BAR } from './fairness-table.tsx';

const OUTPUTS = ['maturity', 'competencies', 'professionalism'] as const;

/**
 * Publishing asks first: the candidate's held-out error against the rules' and its four-fifths ratios (coloured below
 * 0.8) are shown, and only the confirm button publishes. The server's bias gate still decides after that.
 */
export function PublishConfirm({
  model,
  current,
  onConfirm,
  onClose,
  busy,
}: {
  model: ScoringModel | null;
  current: Fairness;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation('neuronet');
  const number = (value: number | null, digits = 2) =>
    value === null ? '—' : new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  const fairness = model?.fairness?.model ?? null;
  const below = (value: number | null | undefined) => value !== null && value !== undefined && value < FAIRNESS_BAR;
  const ratios = [
    { key: 'genderRatio', label: t('fairness.genderRatio'), candidate: fairness?.genderRatio ?? null, now: current.genderRatio },
    { key: 'ageRatio', label: t('fairness.ageRatio'), candidate: fairness?.ageRatio ?? null, now: current.ageRatio },
  ] as const;
  const warned = ratios.some((ratio) => below(ratio.candidate));
  return (
    <Modal opened={model !== null} onClose={onClose} title={t('confirm.title')} size="lg" centered>
      {model ? (
        <Stack gap="sm" data-testid="publish-confirm">
          <Text size="sm">{t('confirm.body')}</Text>
          <Table data-testid="publish-confirm-accuracy">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('confirm.accuracy')}</Table.Th>
                <Table.Th>{t('metrics.modelMae')}</Table.Th>
                <Table.Th>{t('metrics.priorMae')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {OUTPUTS.map((output) => (
                <Table.Tr key={output}>
                  <Table.Td>{t(`outputs.${output}`)}</Table.Td>
                  <Table.Td>{number(model.metrics?.model[output].mae ?? null)}</Table.Td>
                  <Table.Td>{number(model.metrics?.prior[output].mae ?? null)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Table data-testid="publish-confirm-fairness">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('confirm.fairness')}</Table.Th>
                <Table.Th>{t('confirm.candidate')}</Table.Th>
                <Table.Th>{t('confirm.now')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ratios.map((ratio) => (
                <Table.Tr key={ratio.key}>
                  <Table.Td>{ratio.label}</Table.Td>
                  <Table.Td c={below(ratio.candidate) ? 'red.8' : undefined} fw={below(ratio.candidate) ? 700 : undefined}>
                    {number(ratio.candidate)}
                    {below(ratio.candidate) ? ` · ${t('fairness.belowBar')}` : ''}
                  </Table.Td>
                  <Table.Td c={below(ratio.now) ? 'red.8' : undefined}>{number(ratio.now)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {warned ? (
            <Alert color="red" title={t('fairness.warningTitle')} data-testid="publish-confirm-warning">
              {t('confirm.warning')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button color={warned ? 'orange' : undefined} loading={busy} onClick={onConfirm} data-testid="publish-confirmed">
              {t('confirm.submit')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
