import { useContext, type ComponentType, type ReactNode } from 'react';
import { MantineContext, MantineProvider, createTheme } from '@mantine/core';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client.ts';
import { NotificationsHost } from '../shared/ui/notifications-host.tsx';

/**
 * Mantine and TanStack Query are needed only by Mantine screens and the signed-in shells, so this module is loaded
 * with the first of them (`router.tsx`): light public pages never download either.
 */
const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors are answers, not hiccups: retry only network and server failures.
        retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
    },
  });
}

/** Both providers and the notification area around a tree (used as is by tests rendering the whole app). */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme}>
      <NotificationsHost limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** The app's one query client, made when the first screen that needs it loads; its cache lives as long as the page. */
let appQueryClient: QueryClient | undefined;

/** Mantine and the app's query client around a screen or shell, unless an enclosing one already provides them. */
function ScreenProviders({ children }: { children: ReactNode }) {
  const hasMantine = useContext(MantineContext) !== null;
  const hasQuery = useContext(QueryClientContext) !== undefined;
  const withQuery = hasQuery ? children : <QueryClientProvider client={(appQueryClient ??= createQueryClient())}>{children}</QueryClientProvider>;
  return hasMantine ? withQuery : <MantineProvider theme={theme}>{withQuery}</MantineProvider>;
}

/** A screen or shell wrapped in the providers it needs. */
export function withProviders(Component: ComponentType): ComponentType {
  return function WithProviders() {
    return (
      <ScreenProviders>
        <Component />
      </ScreenProviders>
    );
  };
}

/** Mantine's notification area, once for the whole app (mounted by the root route once Mantine is in use). */
export function AppNotifications() {
  // Tests render the whole app inside `Providers`, whose notification area is already there.
  if (useContext(MantineContext) !== null) return null;
  return (
    <MantineProvider theme={theme}>
      <NotificationsHost limit={4} />
    </MantineProvider>
  );
}
