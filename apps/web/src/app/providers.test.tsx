import { Loader } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../shared/i18n/i18n.ts';
import { Providers, createQueryClient } from './providers.tsx';

describe('the theme', () => {
  it('makes a spinner a status, so the name it is given is read out and allowed', () => {
    initI18n('ru');
    render(
      <Providers queryClient={createQueryClient()}>
        <Loader aria-label="Загрузка" />
      </Providers>,
    );
    expect(screen.queryByRole('status', { name: 'Загрузка' })).not.toBeNull();
  });
});
