import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Radio, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProfileCreateSchema, birthDateFromDay, describeIssue, type Locale, type Profile, type QuestionnaireKind } from '@teamcast/contracts';
import { track } from '../../../shared/ui/analytics.ts';
import { useCreateProfile } from '../api/create-profile.ts';
import { creatableKinds, type ProfilesShell } from '../hooks/profiles-shell.ts';
import { ShareLinkBox } from './share-link-box.tsx';

type Fields = Record<'firstName' | 'lastName' | 'partnerFirstName' | 'partnerLastName' | 'email' | 'phone' | 'position' | 'birthDate', string>;
const emptyFields: Fields = { firstName: '', lastName: '', partnerFirstName: '', partnerLastName: '', email: '', phone: '', position: '', birthDate: '' };

/** Which fields each kind asks for; the last name is required where the standard questionnaire needs it. */
function fieldsOf(kind: QuestionnaireKind): { field: keyof Fields; required: boolean }[] {
  if (kind === 'love')
    return [
      { field: 'firstName', required: true },
      { field: 'birthDate', required: true },
    ];
  const contacts = [
    { field: 'email' as const, required: false },
    { field: 'phone' as const, required: false },
    { field: 'position' as const, required: false },
  ];
  if (kind === 'couple') {
    return [
      { field: 'firstName', required: true },
      { field: 'lastName', required: false },
      { field: 'partnerFirstName', required: true },
      { field: 'partnerLastName', required: false },
      // A couple is not a work profile: no position.
      ...contacts.filter((contact) => contact.field !== 'position'),
    ];
  }
  return [{ field: 'firstName', required: true }, { field: 'lastName', required: true }, ...contacts];
}

/** The create wizard: kind, then names and contacts checked by the section 5 rules, then the link to send. */
export function CreateProfileWizard({
  shell,
  opened,
  onClose,
  onOpen,
}: {
  shell: ProfilesShell;
  opened: boolean;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('profiles');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const kinds = creatableKinds[shell];
  const [active, setActive] = useState(0);
  const [kind, setKind] = useState<QuestionnaireKind>(kinds[0]!);
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [created, setCreated] = useState<Profile | null>(null);
  // The profile is about someone else: the owner confirms the person knows (issue 29, docs/privacy.md).
  const [informed, setInformed] = useState(false);
  const [informedError, setInformedError] = useState(false);
  const create = useCreateProfile();

  const close = () => {
    setActive(0);
    setFields(emptyFields);
    setErrors({});
    setCreated(null);
    setInformed(false);
    setInformedError(false);
    create.reset();
    onClose();
  };

  const submit = () => {
    const shown = fieldsOf(kind);
    const missing = Object.fromEntries(
      shown
        .filter(({ field, required }) => required && !fields[field].trim())
        .map(({ field }) => [field, describeIssue({ code: 'custom', path: [], message: 'required', input: undefined }, locale).message]),
    );
    const input = Object.fromEntries(shown.map(({ field }) => [field, field === 'birthDate' ? birthDateFromDay(fields.birthDate) : fields[field]]));
    const parsed = ProfileCreateSchema.safeParse({ ...input, kind });
    const issues = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), describeIssue(issue, locale).message]));
    const all = { ...issues, ...missing };
    setErrors(all);
    setInformedError(!informed);
    if (Object.keys(all).length > 0 || !parsed.success || !informed) return;
    create.mutate(parsed.data, {
      onSuccess: (profile) => {
        track('profile', 'profile_created');
        setCreated(profile);
        setActive(2);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('wizard.title')} size="lg">
      <Stepper active={active} size="sm">
        <Stepper.Step label={t('wizard.kindStep')}>
          <Radio.Group value={kind} onChange={(value) => setKind(value as QuestionnaireKind)} label={t('wizard.kind')}>
            <Stack gap="xs" mt="xs">
              {kinds.map((value) => (
                <Radio key={value} value={value} label={t(`kind.${value}`)} description={t(`kindHint.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" mt="md">
            <Button onClick={() => setActive(1)}>{t('wizard.next')}</Button>
          </Group>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.namesStep')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fieldsOf(kind).map(({ field, required }) => (
              <TextInput
                key={field}
                type={field === 'birthDate' ? 'date' : field === 'email' ? 'email' : 'text'}
                label={t(`fields.${field}`)}
                withAsterisk={required}
                value={fields[field]}
                onChange={(event) => setFields({ ...fields, [field]: event.currentTarget.value })}
                error={errors[field]}
              />
            ))}
          </SimpleGrid>
          <Checkbox
            mt="md"
            checked={informed}
            onChange={(event) => setInformed(event.currentTarget.checked)}
            label={t('wizard.informed')}
            error={informedError && !informed ? t('wizard.informedRequired') : undefined}
            data-testid="person-informed"
          />
          {create.isError ? (
            <Alert color="red" mt="sm">
              {create.error.message}
            </Alert>
          ) : null}
          <Group justify="space-between" mt="md">
            <Button variant="default" onClick={() => setActive(0)}>
              {t('wizard.back')}
            </Button>
            <Button onClick={submit} loading={create.isPending}>
              {t('wizard.create')}
            </Button>
          </Group>
        </Stepper.Step>
        <Stepper.Completed>
          {created ? (
            <Stack>
              <Text>{t('wizard.created', { name: created.name })}</Text>
              <ShareLinkBox shell={shell} profile={created} />
              <Group justify="space-between">
                <Button variant="default" onClick={close}>
                  {t('wizard.close')}
                </Button>
                <Button
                  onClick={() => {
                    close();
                    onOpen(created._id);
                  }}
                >
                  {t('wizard.openProfile')}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stepper.Completed>
      </Stepper>
    </Modal>
  );
}
