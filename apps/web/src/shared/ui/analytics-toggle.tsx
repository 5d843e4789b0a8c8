import { consentStore, updateConsent } from './consent-store.ts';

/** The analytics consent switch: off until turned on, changeable at any time; remembered in local storage. */
export function AnalyticsToggle({ id, label, className }: { id: string; label: string; className?: string }) {
  const consent = consentStore.use();
  return (
    <label className={className} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={consent.analytics}
        onChange={(event) => updateConsent({ analytics: event.currentTarget.checked })}
        data-testid="analytics-consent"
      />
      {label}
    </label>
  );
}
