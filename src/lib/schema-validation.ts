import { revalidateLogic } from '@tanstack/react-form';
import * as v from 'valibot';
import { issuesByField } from '../domain/validation-issues.ts';

/**
 * How every form of the shop validates, spread into `useForm`: quiet until
 * the first submit, then re-checked on every change (messages go as they are
 * fixed), against the one valibot schema the server re-parses; each message
 * lands beside its field.
 */
export function schemaValidation(schema: v.GenericSchema) {
  return {
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }: { value: unknown }) => {
        const result = v.safeParse(schema, value);
        return result.success ? undefined : { fields: issuesByField(result.issues) };
      },
    },
  };
}
