import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type RowAction = { label: string; onClick: () => void; color?: string };

/** A row's actions behind one compact button, so wide lists fit a 1366 px screen. */
export function RowActions({ row, actions }: { row: string; actions: readonly RowAction[] }) {
  const { t } = useTranslation('admin');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('table.rowActions', { row })}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action.label} color={action.color} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
