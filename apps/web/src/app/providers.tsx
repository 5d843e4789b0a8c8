import { useContext, type ComponentType, type ReactNode } from 'react';
import {
  Anchor,
  Loader,
  MantineContext,
  MantineProvider,
  TableScrollContainer,
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
} from '@mantine/core';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client.ts';
import { ControlLabels } from '../shared/ui/control-labels.tsx';
import { NotificationsHost } from '../shared/ui/notifications-host.tsx';

/**
 * Mantine and TanStack Query are needed only by Mantine screens and the signed-in shells, so this module is loaded
 * with the first of them (`router.tsx`): light public pages never download either.
 */
const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 is the filled and text shade: Mantine's default 6 (white on blue 3.6:1) is below the WCAG AA 4.5:1.
  primaryShade: 8,
  // Filled buttons and badges take black text where it reads better than white (from green, orange, yellow and lighter).
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  components: {
    // A link inside a sentence must differ from it by more than colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A spinner that names what loads (aria-label) is a status: a name is not allowed on an element without a role
    // (axe aria-prohibited-attr), and a screen reader would not read it.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A table wider than a phone scrolls inside its container, which keyboard users reach with Tab and scroll with the arrows.
    TableScrollContainer: TableScrollContainer.extend({ defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } }),
  },
});

/** WCAG AA contrast for normal text. */
const READABLE = 4.5;

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color` darkened in small steps until it reads on `background`. */
function readableOn(color: string, background: string): string {
  let text = color;
  for (let step = 0; step < 20 && contrast(text, background) < READABLE + 0.1; step += 1) text = darken(text, 0.05);
  return text;
}

/**
 * Texts dark enough for 4.5:1: dimmed and error texts on white and the light grey panels (Mantine's gray.6 and red.6
 * are near 3.3:1), coloured texts (`c="green"`) on white, and light-variant texts (alerts, badges, the active menu
 * item) on their own background, hovered included.
 */
const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-9)' };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    light[`--mantine-color-${name}-text`] = readableOn(shades[8], resolved.colors.gray[0]);
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
  }
  return { variables: {}, light, dark: {} };
};

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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost limit={4} />
      <QueryClientProvider client={queryClient}>
        <ControlLabels>{children}</ControlLabels>
      </QueryClientProvider>
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
  return hasMantine ? (
    withQuery
  ) : (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {withQuery}
    </MantineProvider>
  );
}

/** A screen or shell wrapped in the providers it needs. */
export function withProviders(Component: ComponentType): ComponentType {
  return function WithProviders() {
    return (
      <ScreenProviders>
        <ControlLabels>
          <Component />
        </ControlLabels>
      </ScreenProviders>
    );
  };
}

/** Mantine's notification area, once for the whole app (mounted by the root route once Mantine is in use). */
export function AppNotifications() {
  // Tests render the whole app inside `Providers`, whose notification area is already there.
  if (useContext(MantineContext) !== null) return null;
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost limit={4} />
    </MantineProvider>
  );
}
