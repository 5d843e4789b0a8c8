import { useInfiniteQuery } from '@tanstack/react-query';
import { listAllInvoicesEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { PAYMENT_KEY } from './payment-queries.ts';

export const INVOICE_PAGE_SIZE = 10;

/** The owner's invoices, a page at a time (next_page cursor). */
export const useInvoices = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...PAYMENT_KEY, 'invoices'],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => apiCall(listAllInvoicesEndpoint, { query: { limit: INVOICE_PAGE_SIZE, next_page: pageParam } }),
    getNextPageParam: (page) => page.next_page ?? undefined,
  });
