import { Code, Image, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SecondFactorEnrolment } from '@teamcast/contracts';

// Texts in the auth namespace, not common: common travels with every page's first load.

/** The new authenticator to add to an app: its QR code, and the key for typing by hand. */
export function AuthenticatorSetup({ enrolment }: { enrolment: SecondFactorEnrolment }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="xs" data-testid="authenticator-setup">
      <Text size="sm">{t('secondFactor.scan')}</Text>
      <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt={t('secondFactor.qrAlt')} w={200} h={200} fit="contain" />
      <Text size="sm">{t('secondFactor.typeKey')}</Text>
      <Code block data-testid="authenticator-secret">
        {enrolment.secret}
      </Code>
    </Stack>
  );
}

/** Recovery codes, shown once right after the second factor is set up. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="xs" data-testid="recovery-codes">
      <Text size="sm">{t('secondFactor.recoveryLead')}</Text>
      <List spacing={2} ff="monospace">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
