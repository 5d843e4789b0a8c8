import { Badge, Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, type Locale } from '@teamcast/contracts';
import { useInvoices } from '../api/invoices.ts';
import { formatDate, formatMoney } from '../../../shared/format/number.ts';

const STATUS_COLOR = { paid: 'teal', open: 'orange', void: 'gray' } as const;

/** Invoices, newest first, with a 'show more' for the next page. */
export function InvoicesDialog({ opened, onClose, locale }: { opened: boolean; onClose: () => void; locale: Locale }) {
  const { t } = useTranslation('subscription');
  const invoices = useInvoices(opened);
  const rows = invoices.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.title')} size="xl">
      <Stack>
        {invoices.isSuccess && rows.length === 0 ? <Text c="dimmed">{t('invoices.none')}</Text> : null}
        {rows.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoices.date')}</Table.Th>
                  <Table.Th>{t('invoices.number')}</Table.Th>
                  <Table.Th>{t('invoices.description')}</Table.Th>
                  <Table.Th>{t('invoices.amount')}</Table.Th>
                  <Table.Th>{t('invoices.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((invoice) => (
                  <Table.Tr key={invoice._id}>
                    <Table.Td>{formatDate(invoice.createdAt, locale)}</Table.Td>
                    <Table.Td>{invoice.number}</Table.Td>
                    <Table.Td>{invoice.description}</Table.Td>
                    <Table.Td>{formatMoney(invoice.amount, invoice.currency, locale)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[invoice.status]} variant="light">
                        {t(`invoices.statuses.${invoice.status}`)}
                      </Badge>
                      {invoice.failure ? (
                        <Text size="xs" c="red">
                          {errorMessage(invoice.failure, locale)}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {invoices.hasNextPage ? (
          <Button variant="light" onClick={() => void invoices.fetchNextPage()} loading={invoices.isFetchingNextPage} w="fit-content">
            {t('invoices.more')}
          </Button>
        ) : null}
      </Stack>
    </Modal>
  );
}
