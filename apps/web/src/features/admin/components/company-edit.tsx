import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminOwnerUpdateSchema, describeIssue, type AdminOwner } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useUpdateOwner } from '../api/admin-owners.ts';

/** Changes a company's name, its owner's e-mail or verification. */
export function CompanyEdit({ owner, onClose }: { owner: AdminOwner; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateOwner();
  const [companyName, setCompanyName] = useState(owner.companyName ?? '');
  const [email, setEmail] = useState(owner.email);
  const [verified, setVerified] = useState(owner.verified);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const body = { companyName: companyName.trim() || null, email, verified };
    const parsed = AdminOwnerUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => {
            const described = describeIssue(issue, currentLocale());
            return [described.field, described.message];
          }),
        ),
      );
      return;
    }
    update.mutate(
      { id: owner._id, body },
      {
        onSuccess: () => {
          notify.positive(t('estimators.saved'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
          else notify.negative(error instanceof ApiError ? error.message : t('error'));
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('companies.editTitle')}>
      <Stack
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput
          label={t('companies.company')}
          value={companyName}
          error={errors.companyName}
          onChange={(event) => setCompanyName(event.currentTarget.value)}
        />
        <TextInput label={t('email')} value={email} error={errors.email} onChange={(event) => setEmail(event.currentTarget.value)} />
        <Checkbox label={t('companies.statusFilter.verified')} checked={verified} onChange={(event) => setVerified(event.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
