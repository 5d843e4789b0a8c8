import { useMemo, type ReactNode } from 'react';
import { MantineThemeProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type PaginationControl = 'first' | 'previous' | 'next' | 'last';

/**
 * Spoken names for Mantine's icon-only controls, for every screen at once: close buttons (dialogs, notifications,
 * alerts) and the pagination arrows show only a symbol, and a button without a name is announced as just "button".
 * A control given its own label keeps it.
 */
export function ControlLabels({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [close, first, previous, next, last] = [t('app.close'), t('app.firstPage'), t('app.previousPage'), t('app.nextPage'), t('app.lastPage')];
  const theme = useMemo(() => {
    const pages: Record<PaginationControl, string> = { first, previous, next, last };
    return {
      components: {
        CloseButton: { defaultProps: { 'aria-label': close } },
        Pagination: { defaultProps: { getControlProps: (control: PaginationControl) => ({ 'aria-label': pages[control] }) } },
      },
    };
  }, [close, first, previous, next, last]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
