import type { ReactNode } from 'react';
import { Alert, Paper, Stack, Title } from '@mantine/core';

/** The frame of every sign-in screen: a title, an optional error, the content. */
export function AuthCard({ title, error, children, testId }: { title: string; error?: string | null; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" maw={440} mx="auto" my="xl" data-testid={testId}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {error ? (
          <Alert color="red" role="alert" data-testid="auth-error">
            {error}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
