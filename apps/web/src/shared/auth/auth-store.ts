import { useSyncExternalStore } from 'react';
import type { Role } from '@teamcast/contracts';

/** What a signed-in role keeps in local storage. */
export type StoredAuth = { token: string; subjectId?: string };

const KEY_PREFIX = 'teamcast.auth.';
const roles: Role[] = ['owner', 'estimator', 'administrator'];

let memory: Partial<Record<Role, StoredAuth>> = {};
let restored = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function read(role: Role): StoredAuth | undefined {
  try {
    const raw = localStorage.getItem(KEY_PREFIX + role);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<StoredAuth>;
    return typeof parsed.token === 'string' && parsed.token ? { token: parsed.token, subjectId: parsed.subjectId } : undefined;
  } catch {
    return undefined;
  }
}

/** Auth per role, kept in local storage and restored before the first guard check. */
export const authStore = {
  /** Loads every role's stored authorisation into memory; later calls are cheap. */
  restore(force = false): void {
    if (restored && !force) return;
    memory = Object.fromEntries(roles.map((role) => [role, read(role)]).filter(([, value]) => value)) as typeof memory;
    restored = true;
  },
  get(role: Role): StoredAuth | undefined {
    this.restore();
    return memory[role];
  },
  set(role: Role, auth: StoredAuth): void {
    memory = { ...memory, [role]: auth };
    localStorage.setItem(KEY_PREFIX + role, JSON.stringify(auth));
    emit();
  },
  /** Replaces the token of a role that is signed in (after the server re-issued it). */
  refresh(role: Role, token: string): void {
    const current = memory[role];
    if (current) this.set(role, { ...current, token });
  },
  clear(role: Role): void {
    const { [role]: _removed, ...rest } = memory;
    memory = rest;
    localStorage.removeItem(KEY_PREFIX + role);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAuth(role: Role): StoredAuth | undefined {
  return useSyncExternalStore(authStore.subscribe, () => authStore.get(role));
}
