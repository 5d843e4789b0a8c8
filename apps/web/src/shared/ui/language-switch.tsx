import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@teamcast/contracts';
import { changeLocale, currentLocale } from '../i18n/i18n.ts';
import { configureApi } from '../api/client.ts';

/** Russian / English switch that changes every text at once and remembers the choice. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={i18n.language === 'en' ? 'en' : 'ru'}
      onChange={(value) => {
        void changeLocale(value as Locale).then(() => configureApi({ locale: currentLocale() }));
      }}
      data={[
        { value: 'ru', label: 'RU' },
        { value: 'en', label: 'EN' },
      ]}
    />
  );
}
