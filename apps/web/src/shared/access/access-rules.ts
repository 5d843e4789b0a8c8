import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { AccessRulesSchema, accessRulesEndpoint, allows, unlockingProduct, type AccessRules, type Capability, type Product } from '@teamcast/contracts';
import { apiCall } from '../api/client.ts';
import { useGateEvent } from '../gate/gate.ts';

/**
 * The owner's access rules, in one place: one TanStack Query entry that every gated control reads. It lives under
 * the payment key, so every subscription change (which invalidates that key) refreshes it, and the server's
 * `syncAccessRules` push writes it directly (useAccessRulesSync).
 */
export const ACCESS_RULES_KEY = ['payment', 'access-rules'] as const;

export const accessRulesQuery = () => queryOptions({ queryKey: ACCESS_RULES_KEY, queryFn: () => apiCall(accessRulesEndpoint), staleTime: 60_000 });

export const useAccessRules = () => useQuery(accessRulesQuery());

/** Queries whose answers depend on the plan: the server withholds or opens their content by the rules. */
const PLAN_DEPENDENT_KEYS = [['payment'], ['profiles'], ['teams'], ['pairs']] as const;

/**
 * Keeps the rules current while an owner's shell is open: a `syncAccessRules` push (after any subscription change,
 * payment, renewal, or team creation and deletion) replaces the rules and refetches what the plan opens or hides, so
 * scores appear, and locks lift, without a reload.
 */
export function useAccessRulesSync(): void {
  const client = useQueryClient();
  useGateEvent(
    'syncAccessRules',
    useCallback(
      (message) => {
        const parsed = AccessRulesSchema.safeParse(message.payload);
        if (parsed.success) client.setQueryData(ACCESS_RULES_KEY, parsed.data);
        // Everything the plan may open or hide is read again; the rules themselves only when the push was unreadable.
        for (const key of PLAN_DEPENDENT_KEYS) {
          void client.invalidateQueries({ queryKey: key, predicate: (query) => !parsed.success || query.queryKey[1] !== ACCESS_RULES_KEY[1] });
        }
      },
      [client],
    ),
  );
}

export type CapabilityState = {
  /** undefined while the rules load: controls stay as they are, no lock flashes. */
  allowed: boolean | undefined;
  /** The cheapest plan that includes the capability (null: none sold yet, as for the monitor). */
  unlockedBy: Product | null;
  rules: AccessRules | undefined;
};

/** Whether the owner's plan includes a capability of the table, and which plan would. */
export function useCapability(capability: Capability): CapabilityState {
  const { data } = useAccessRules();
  return { allowed: data ? allows(data, capability) : undefined, unlockedBy: unlockingProduct(capability), rules: data };
}
