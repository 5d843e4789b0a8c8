import { Checkbox, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The privacy-policy and personal-data consents a sign-up needs (spec section 5). */
export function ConsentFields({
  values,
  errors,
  onChange,
}: {
  values: { privacyPolicy: boolean; personalData: boolean };
  errors: Record<string, string>;
  onChange: (field: 'privacyPolicy' | 'personalData', checked: boolean) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="xs">
      <Checkbox
        label={t('fields.privacyPolicy')}
        checked={values.privacyPolicy}
        onChange={(event) => onChange('privacyPolicy', event.currentTarget.checked)}
        error={errors.privacyPolicy}
      />
      <Checkbox
        label={t('fields.personalData')}
        checked={values.personalData}
        onChange={(event) => onChange('personalData', event.currentTarget.checked)}
        error={errors.personalData}
      />
    </Stack>
  );
}
