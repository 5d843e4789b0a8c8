import { Alert, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditGroup, BiasAudit, EstimatorLabelBias, ImpactRatio } from '@teamcast/contracts';
import { useNeuronetAudit } from '../api/neuronet-audit.ts';

const BAR = 0.8;
const LEVELS = ['level2', 'level3', 'level4', 'level5', 'level6'] as const;
const percent = (value: number) => `${Math.round(value * 100)}%`;

function RatioCell({ value }: { value: ImpactRatio }) {
  const { t } = useTranslation('neuronet');
  if (value.ratio === null) return <Text size="sm">—</Text>;
  const below = value.ratio < BAR;
  return (
    <Text size="sm" c={below ? 'red.9' : undefined} fw={below ? 700 : undefined} data-below={below || undefined}>
      {value.ratio.toFixed(2)} [{value.low?.toFixed(2)}–{value.high?.toFixed(2)}]{below ? ` · ${t('audit.below')}` : ''}
    </Text>
  );
}

/** The lowest recommendation-level ratio of a group: the level owners would act on most unequally. */
function worstLevel(group: AuditGroup): ImpactRatio {
  return LEVELS.map((level) => group.ratios[level]).reduce((worst, next) =>
    next.ratio !== null && (worst.ratio === null || next.ratio < worst.ratio) ? next : worst,
  );
}

function AuditTable({ audit, testId }: { audit: BiasAudit; testId: string }) {
  const { t } = useTranslation('neuronet');
  const groupName = (group: AuditGroup) => {
    if (group.dimension === 'sex') return t(`audit.sex.${group.group === 'М' ? 'male' : 'female'}`);
    if (group.dimension === 'age') return t('audit.age', { band: group.group });
    if (group.dimension === 'family') return t(`audit.family.${group.group}`);
    const [sex, band] = group.group.split(' ');
    return t('audit.sexAge', { sex: t(`audit.sex.${sex === 'М' ? 'male' : 'female'}`), band });
  };
  return (
    <Stack gap="xs">
      <Alert color={audit.passed ? 'teal' : 'red'} title={audit.passed ? t('audit.passed') : t('audit.failed')} data-testid={`${testId}-verdict`}>
        {audit.passed ? t('audit.passedBody') : t('audit.failedBody', { count: audit.failures.length })}
      </Alert>
      <Table.ScrollContainer minWidth={760}>
        <Table data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.group')}</Table.Th>
              <Table.Th>{t('audit.n')}</Table.Th>
              <Table.Th>{t('audit.meanCompatibility')}</Table.Th>
              <Table.Th>{t('audit.workGood')}</Table.Th>
              <Table.Th>{t('audit.levels')}</Table.Th>
              <Table.Th>{t('audit.grade')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {audit.groups.map((group) => (
              <Table.Tr key={`${group.dimension}-${group.group}`}>
                <Table.Td>{groupName(group)}</Table.Td>
                <Table.Td>{group.assessed ? group.n : t('audit.tooFew', { n: group.n })}</Table.Td>
                <Table.Td>{group.meanCompatibility === null ? '—' : group.meanCompatibility.toFixed(1)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{percent(group.rates.workGood)}</Text>
                  <RatioCell value={group.ratios.workGood} />
                </Table.Td>
                <Table.Td>
                  <RatioCell value={worstLevel(group)} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{percent(group.rates.gradeMiddle)}</Text>
                  <RatioCell value={group.ratios.gradeMiddle} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ModelAudit({ id, title, testId }: { id: string; title: string; testId: string }) {
  const { t } = useTranslation('neuronet');
  const audit = useNeuronetAudit(id);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {audit.data ? (
        <>
          <Text size="sm" c="dimmed">
            {t('audit.reference', {
              size: audit.data.reference.size,
              partners: audit.data.reference.partnersPerPerson,
              min: audit.data.reference.minGroupSize,
            })}
          </Text>
          <AuditTable audit={audit.data.reference} testId={testId} />
          {audit.data.installation ? (
            <>
              <Text size="sm">{t('audit.installation', { count: audit.data.installationProfiles })}</Text>
              <AuditTable audit={audit.data.installation} testId={`${testId}-installation`} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('audit.installationTooFew', { count: audit.data.installationProfiles, min: audit.data.minProfiles })}
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {audit.isError ? t('error') : t('audit.computing')}
        </Text>
      )}
    </Stack>
  );
}

type Justification = { modelId: string; text: string; refusal: string; administratorEmail: string | null; at: string };

/** The bias audit of the current model (or the prior) and of the candidate, estimators' label bias, and justified publications. */
export function BiasAuditCard({
  currentId,
  candidateId,
  labelBias,
  justifications,
}: {
  currentId: string | null;
  candidateId: string | null;
  labelBias: EstimatorLabelBias[];
  justifications: Justification[];
}) {
  const { t, i18n } = useTranslation('neuronet');
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  return (
    <Card withBorder data-testid="bias-audit">
      <Title order={2} size="h4" mb="xs">
        {t('audit.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('audit.rule')}
      </Text>
      <Stack gap="lg">
        <ModelAudit id={currentId ?? 'prior'} title={currentId ? t('audit.current') : t('audit.prior')} testId="audit-current" />
        {candidateId ? <ModelAudit id={candidateId} title={t('audit.candidate')} testId="audit-candidate" /> : null}
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('audit.estimators')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('audit.estimatorsHint')}
          </Text>
          {labelBias.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('audit.noLabels')}
            </Text>
          ) : (
            <Table data-testid="label-bias">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.estimator')}</Table.Th>
                  <Table.Th>{t('audit.labels')}</Table.Th>
                  <Table.Th>{t('audit.ageR')}</Table.Th>
                  <Table.Th>{t('audit.partialR')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {labelBias.map((row) => (
                  <Table.Tr key={row.estimatorId}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{row.labels}</Table.Td>
                    <Table.Td>{row.ageCorrelation?.toFixed(2) ?? '—'}</Table.Td>
                    <Table.Td>{row.partialAgeCorrelation?.toFixed(2) ?? '—'}</Table.Td>
                    <Table.Td>
                      {row.flagged ? (
                        <Badge color="red" variant="light" style={{ overflow: 'visible' }}>
                          {t('audit.tracksAge')}
                        </Badge>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
        {justifications.length ? (
          <Stack gap="xs" data-testid="justifications">
            <Title order={3} size="h5">
              {t('audit.justifications')}
            </Title>
            {justifications.map((entry) => (
              <Alert
                key={`${entry.modelId}-${entry.at}`}
                color="orange"
                title={t('audit.justifiedBy', { who: entry.administratorEmail ?? '—', date: date(entry.at) })}
              >
                <Text size="sm">{entry.text}</Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {t('audit.overrode', { refusal: entry.refusal })}
                </Text>
              </Alert>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
