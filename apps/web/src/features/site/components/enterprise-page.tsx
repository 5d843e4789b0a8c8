import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EnterpriseRequestInputSchema, describeIssue, type EnterpriseRequestInput } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useHostInfo } from '../../../shared/ui/host-info.ts';
import { submitEnterpriseRequest } from '../api/submit-enterprise-request.ts';
import classes from './form.module.css';

type Field = 'name' | 'email' | 'phone' | 'company' | 'teamSize' | 'message' | 'privacyPolicy' | 'personalData';
type Errors = Partial<Record<Field | 'form', string>>;

const textFields: { name: Exclude<Field, 'privacyPolicy' | 'personalData' | 'message'>; type: string; autoComplete: string; optional?: boolean }[] = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel', optional: true },
  { name: 'company', type: 'text', autoComplete: 'organization' },
  { name: 'teamSize', type: 'number', autoComplete: 'off', optional: true },
];

/** /enterprise: a company's contact request, with the privacy-policy and personal-data consents the spec requires. */
export function EnterprisePage() {
  const { t } = useTranslation('landing');
  const host = useHostInfo();
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      phone: String(data.get('phone') ?? ''),
      company: String(data.get('company') ?? ''),
      teamSize: String(data.get('teamSize') ?? ''),
      message: String(data.get('message') ?? ''),
      privacyPolicy: data.get('privacyPolicy') === 'on',
      personalData: data.get('personalData') === 'on',
    };
    const parsed = EnterpriseRequestInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const described = describeIssue(issue, currentLocale());
        found[described.field as Field] ??= described.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await submitEnterpriseRequest(input as EnterpriseRequestInput);
      setSentTo(parsed.data.email);
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      else setErrors({ form: error instanceof ApiError ? error.message : t('enterprise.failed') });
    } finally {
      setSending(false);
    }
  }

  if (sentTo) {
    return (
      <div className={classes.page}>
        <h1>{t('enterprise.title')}</h1>
        <div className={classes.done} role="status" data-testid="enterprise-sent">
          <p>{t('enterprise.sent', { email: sentTo })}</p>
          {host.supportEmail ? <p>{t('enterprise.sentContact', { email: host.supportEmail })}</p> : null}
        </div>
      </div>
    );
  }

  const describedBy = (field: Field) => (errors[field] ? `${field}-error` : undefined);
  return (
    <div className={classes.page}>
      <h1>{t('enterprise.title')}</h1>
      <p className={classes.lead}>{t('enterprise.lead')}</p>
      <form className={classes.form} noValidate onSubmit={(event) => void onSubmit(event)} data-testid="enterprise-form">
        {textFields.map((field) => (
          <div className={classes.field} key={field.name}>
            <label htmlFor={`enterprise-${field.name}`}>
              {t(`enterprise.fields.${field.name}`)} {field.optional ? <span className={classes.optional}>{t('enterprise.optional')}</span> : null}
            </label>
            <input
              id={`enterprise-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              min={field.type === 'number' ? 1 : undefined}
              aria-invalid={Boolean(errors[field.name])}
              aria-describedby={describedBy(field.name)}
            />
            {errors[field.name] ? (
              <span className={classes.error} id={`${field.name}-error`}>
                {errors[field.name]}
              </span>
            ) : null}
          </div>
        ))}
        <div className={classes.field}>
          <label htmlFor="enterprise-message">
            {t('enterprise.fields.message')} <span className={classes.optional}>{t('enterprise.optional')}</span>
          </label>
          <textarea
            id="enterprise-message"
            name="message"
            rows={4}
            maxLength={2000}
            aria-invalid={Boolean(errors.message)}
            aria-describedby={describedBy('message')}
          />
          {errors.message ? (
            <span className={classes.error} id="message-error">
              {errors.message}
            </span>
          ) : null}
        </div>
        {(['privacyPolicy', 'personalData'] as const).map((consent) => (
          <div className={classes.field} key={consent}>
            <div className={classes.check}>
              <input
                id={`enterprise-${consent}`}
                name={consent}
                type="checkbox"
                aria-invalid={Boolean(errors[consent])}
                aria-describedby={describedBy(consent)}
              />
              <label htmlFor={`enterprise-${consent}`} className={classes.optional}>
                {t(`enterprise.consents.${consent}`)}{' '}
                <Link to={consent === 'privacyPolicy' ? '/help/privacy' : '/help/personal-data'}>{t('enterprise.consents.read')}</Link>
              </label>
            </div>
            {errors[consent] ? (
              <span className={classes.error} id={`${consent}-error`}>
                {errors[consent]}
              </span>
            ) : null}
          </div>
        ))}
        {errors.form ? (
          <div className={classes.alert} role="alert">
            {errors.form}
          </div>
        ) : null}
        <button type="submit" className={classes.submit} disabled={sending}>
          {sending ? t('enterprise.sending') : t('enterprise.submit')}
        </button>
      </form>
    </div>
  );
}
